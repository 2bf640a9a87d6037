// A worker thread does not inherit tsx's hooks on Node 20: register them, then load the worker.
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
