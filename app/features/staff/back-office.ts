/** The back office has its own frame (app/routes/admin.tsx): no shop header, footer, customer or contact. */
export const isBackOffice = (pathname: string) => /^\/admin(?:\/|$)/i.test(pathname);
