// What a stored card token's id looks like, so a card field can tell a token from a card
// number: numeric, leading 1, 17-20 digits (facts §3); the Local sandbox issues 19.

export const TOKEN_ID_PATTERN = /^1\d{16,19}$/;
