/**
 * Runs `task` once the current frame has been painted: the next animation frame, then a task
 * after it. Work that must not delay what the operator sees (a tone, a vibration) goes here.
 * A hidden tab gets no animation frames, so there it is simply the next task.
 */
export function afterPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined' || document.visibilityState !== 'visible') {
    setTimeout(task, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(task, 0));
}
