/**
 * The simulators of the national verification systems (issue 28, decision 0081): an NMVS (EU FMD,
 * SOAP) and a VRS (US DSCSA, GS1 Lightweight Messaging), each a real HTTP server with a pack registry
 * and a control API, for development, demonstrations and tests. The app's demo start and the tests
 * run them in-process; `npm run simulator` runs one as a process of its own (cli.ts).
 */
export { startNmvsSimulator } from './nmvs-server.ts';
export { startVrsSimulator } from './vrs-server.ts';
