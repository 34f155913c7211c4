export {
  acceptInviteServerSchema,
  ownerSetupServerSchema,
  resetPasswordServerSchema,
  signupServerSchema,
} from "./common-passwords.server";
export { customerData, customerDataResponse } from "./customer-data.server";
export {
  authenticate,
  createCustomer,
  findCustomerByEmail,
  getCustomer,
  saveAddress,
  saveBusinessBuyer,
  savedAddress,
  savedBusinessBuyer,
  updateProfile,
} from "./customers.server";
export { customerForStaff, isErasedEmail } from "./erasure";
export { eraseAccount } from "./erasure.server";
export { checkResetToken, requestPasswordReset, resetPassword, tokenProblems } from "./password-reset.server";
export {
  deleteAccountSchema,
  forgotPasswordSchema,
  loginSchema,
  myProfileFormsSchema,
  profileSchema,
  resetPasswordSchema,
  signupSchema,
} from "./schemas";
export {
  endApiSession,
  endSession,
  getApiCustomer,
  getSessionCustomer,
  type SessionCustomer,
  type SignedInCustomer,
  startApiSession,
  startSession,
} from "./session.server";
