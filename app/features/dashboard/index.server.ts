export { type Dashboard, dashboard } from "./dashboard.server";
