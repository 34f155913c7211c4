export { messages } from "./messages";
