/** The end-to-end servers' ports, shared by the Playwright config and the specs. */
export const port = Number(process.env.E2E_PORT ?? 3100);
/** The landing-page variant runs in its own server and database (docs/decisions/006). */
export const landingPort = Number(process.env.E2E_LANDING_PORT ?? port + 1000);
/** Checkout and order status: test branches open day and night, and the fakes beside them. */
export const checkoutPort = Number(process.env.E2E_CHECKOUT_PORT ?? port + 2000);
/**
 * Visitor analytics with a social-media pixel: the checkout's world in a server of its own, since
 * the pixel it configures changes what accepting cookies does (a reload) for every other spec.
 */
export const analyticsPort = Number(process.env.E2E_ANALYTICS_PORT ?? port + 3000);
/** The SMTP sink's mailbox, next to the checkout server (see start-e2e-checkout-server.mjs). */
export const mailboxUrl = `http://127.0.0.1:${checkoutPort + 13}/mails`;
/** The fake SMS provider's list of accepted messages (see start-e2e-checkout-server.mjs). */
export const smsMessagesUrl = `http://127.0.0.1:${checkoutPort + 14}/messages`;

/**
 * The seeded administrator's password on the end-to-end servers (DEMO_ADMIN_PASSWORD, set by
 * tests/support/start-e2e-*.mjs, which repeat the value because they cannot import this file).
 */
export const demoAdminPassword = "e2e-backstube-admin";
