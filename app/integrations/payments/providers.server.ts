import type { AppConfig } from "#app/config/env.server";
import { paypalProvider } from "./paypal.server";
import type { PaymentProvider, PaymentProviderName, ProviderRuntime } from "./provider";
import { stripeProvider } from "./stripe.server";

export type PaymentProviders = Partial<Record<PaymentProviderName, PaymentProvider>>;

/** The providers whose keys are configured; one without keys is simply absent. */
export function paymentProviders(
  config: Pick<AppConfig, "stripe" | "paypal">,
  runtime: ProviderRuntime = {},
): PaymentProviders {
  const providers: PaymentProviders = {};
  if (config.stripe) providers.stripe = stripeProvider(config.stripe, runtime);
  if (config.paypal) providers.paypal = paypalProvider(config.paypal, runtime);
  return providers;
}

/** Where each provider's API lives, and where its hosted checkout page lives. */
const HOSTED_PAGES: Record<string, string> = {
  "https://api.stripe.com": "https://checkout.stripe.com",
  "https://api-m.paypal.com": "https://www.paypal.com",
  "https://api-m.sandbox.paypal.com": "https://www.sandbox.paypal.com",
};

/**
 * The origins a checkout form may end up at after the server's 303 to the provider: the CSP's
 * `form-action` must list them, or the browser stops the redirect. A provider at another base
 * (a local fake) hosts its page at the API's own origin.
 */
export function checkoutPageOrigins(config: Pick<AppConfig, "stripe" | "paypal">): string[] {
  return [config.stripe?.apiBase, config.paypal?.apiBase].flatMap((base) => {
    if (!base) return [];
    const origin = new URL(base).origin;
    return [HOSTED_PAGES[origin] ?? origin];
  });
}
