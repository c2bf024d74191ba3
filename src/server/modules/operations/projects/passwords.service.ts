/** Visitor sessions opened with a password carry this label, so revoking it ends them (the public wall opens them). */
export const visitorSessionLabel = (passwordId: number) => `password:${passwordId}`;
