import { offlineEvaluation } from "./eval-offline.ts";

/* Half of the offline evaluation: see eval-offline.ts. */
offlineEvaluation("money");
