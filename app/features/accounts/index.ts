export { accountProblems, personalDataMessages, privacyPolicyTexts } from "./messages";
