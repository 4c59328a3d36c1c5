/** The built-in planner lives in planner/ (parse, resolve, answer); this name stays for its importers. */
export { describe, offlinePlanner } from "./planner/index.ts";
export { money } from "./planner/answer.ts";
