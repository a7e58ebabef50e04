// Who is calling: resolved once per request from the bearer token.
export interface Caller {
  userId: string;
  organizationId: string;
  email: string;
  isAdmin: boolean;
  tokenId: string;
}
