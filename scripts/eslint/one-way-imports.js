// A local ESLint rule: web imports flow one way, shared (components, lib, config) > features > app,
// and one feature never reaches into another (bulletproof-react's rule, without a native resolver).
import { dirname, relative, resolve, sep } from 'node:path';

const LAYERS = { components: 0, lib: 0, config: 0, features: 1, app: 2 };

function place(file, root) {
  const parts = relative(root, file).split(sep);
  if (parts[0] === '..' || parts.length < 2) return undefined;
  const layer = LAYERS[parts[0]];
  if (layer === undefined) return undefined;
  return { top: parts[0], layer, feature: parts[0] === 'features' ? parts[1] : undefined };
}

export default {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { root: { type: 'string' } } }] },
  create(context) {
    const root = resolve(context.options[0]?.root ?? 'apps/web/src');
    const from = place(context.filename, root);
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (!from || typeof source !== 'string' || !source.startsWith('.')) return;
        const to = place(resolve(dirname(context.filename), source), root);
        if (!to) return;
        if (to.layer > from.layer) {
          context.report({ node, message: `${from.top}/ must not import from ${to.top}/ (shared > features > app).` });
        } else if (from.feature && to.feature && from.feature !== to.feature) {
          context.report({ node, message: `Feature "${from.feature}" must not import from feature "${to.feature}".` });
        }
      },
    };
  },
};
