import type { Db } from "#app/db/schema";
import { findSiteByPath } from "#app/db/queries/content";
import type { getSettings } from "#app/db/queries/settings";
import { openBranchesSummary, type BranchStatusTone } from "#app/domain/opening-display";
import { inZone } from "#app/domain/time";
import { de } from "#app/i18n/de";
import { branchOpening } from "./opening.server";
import {
  cachedReference,
  referenceBranches,
  referenceSettings,
} from "#app/features/shared/reference-data.server";
import { consentChoice, isSelfService } from "./visitor.server";
import { DEFAULT_PIXEL_SCRIPT_URL } from "#app/features/analytics/pixel";
import {
  publicSitePaths,
  shopNavigation,
  type NavLink,
} from "#app/features/content/navigation-items.server";

export interface LegalLink {
  label: string;
  href: string;
  external: boolean;
}

export interface ToolbarBranch {
  identifier: string;
  name: string;
  tone: BranchStatusTone;
  label: string;
}

export interface ShellData {
  shopName: string;
  businessName: string;
  logoUrl: string | null;
  /** The logo's size in the header (48 px high, its own proportions): no jump when it loads. */
  logoSize: { width: number; height: number } | null;
  themeColor: string;
  defaultTitle: string;
  description: string;
  singleBranchIdentifier: string | null;
  legalLinks: LegalLink[];
  /** The owner's menus (navigations `header` and `footer`, decision 039). */
  headerNavigation: NavLink[];
  footerNavigation: NavLink[];
  /** Where 'Mehr erfahren' in the cookie banner leads. */
  privacyLink: LegalLink | null;
  year: number;
  origin: string;
  /** Accepted: statistics and the map may run. */
  consentGiven: boolean;
  /** Accepted or declined: the banner has been answered and stays away (decision 047). */
  consentDecided: boolean;
  /** The banner's two buttons, in the shop's own words (settings). */
  consentLabels: { accept: string; decline: string };
  selfService: boolean;
  /** enablePluginPwa: the installable app's overlays may run in the browser (decision 052). */
  pwa: boolean;
  /**
   * The social-media pixel when the settings name one (decision 054): the browser loads it only
   * with consent (the page is kept per consent answer, so the policy can allow it then).
   */
  pixel: { id: string; scriptUrl: string } | null;
  /** Null when the toolbar plugin is off. */
  toolbar: { summary: string; branches: ToolbarBranch[] } | null;
}

type Settings = Awaited<ReturnType<typeof getSettings>>;

/** What every page's frame shows: toolbar, header, footer, cookie banner, default title. */
export async function loadShell(
  db: Db,
  {
    origin,
    request,
    now,
    pixelScriptUrl = DEFAULT_PIXEL_SCRIPT_URL,
  }: { origin: string; request: Request; now: Date; pixelScriptUrl?: string },
): Promise<{ shell: ShellData }> {
  const [settings, branches, accessibility, logo, headerNavigation, footerNavigation, sitePaths] =
    await Promise.all([
      referenceSettings(db),
      referenceBranches(db, { publicOnly: true }),
      cachedReference(db, "site:accessibility", () => findSiteByPath(db, "accessibility")),
      cachedReference(db, "logo", () =>
        db
          .selectFrom("settings")
          .innerJoin("images", "images.id", "settings.logoImageId")
          .select([
            "images.id",
            "images.version",
            "images.extension",
            "images.width",
            "images.height",
          ])
          .executeTakeFirst(),
      ),
      shopNavigation(db, "header"),
      shopNavigation(db, "footer"),
      publicSitePaths(db),
    ]);
  const zone = settings.businessTimeZone;
  const consent = consentChoice(request);
  const legal = legalLinks(settings, new Set(sitePaths.values()));
  const privacyLink = legal.find((link) => link.label === de.shell.privacy) ?? null;
  if (accessibility?.isPublic) {
    legal.push({ label: de.shell.accessibility, href: "/site/accessibility", external: false });
  }
  let toolbar: ShellData["toolbar"] = null;
  if (settings.enablePluginToolbar) {
    const openings = branches.map((branch) => ({ branch, ...branchOpening(branch, now, zone) }));
    toolbar = {
      summary: openBranchesSummary(openings.map(({ state }) => state)),
      branches: openings.map(({ branch, view }) => ({
        identifier: branch.identifier,
        name: branch.name,
        tone: view.kind,
        label: view.label,
      })),
    };
  }
  return {
    shell: {
      shopName: settings.shopName,
      businessName: settings.businessName,
      logoUrl: logo ? `/image/${logo.id}-${logo.version}.${logo.extension}` : null,
      logoSize: logo ? headerLogoSize(logo) : null,
      themeColor: settings.color1,
      defaultTitle: defaultTitle(settings),
      description: defaultDescription(settings),
      singleBranchIdentifier: branches.length === 1 ? (branches[0]?.identifier ?? null) : null,
      // The footer menu first; the spec's legal links that it does not already hold after it.
      legalLinks: legal.filter(
        (link) => !footerNavigation.some((entry) => entry.href === link.href),
      ),
      headerNavigation,
      footerNavigation,
      privacyLink,
      year: inZone(now, zone).year,
      origin,
      consentGiven: consent === "accepted",
      consentDecided: consent !== null,
      consentLabels: {
        accept: settings.consentAcceptLabel,
        decline: settings.consentDeclineLabel,
      },
      selfService: isSelfService(request),
      pwa: settings.enablePluginPwa,
      pixel: settings.socialPixelId
        ? { id: settings.socialPixelId, scriptUrl: pixelScriptUrl }
        : null,
      toolbar,
    },
  };
}

/** Spec section 2: seoTitle, else title, else shopName. */
export function defaultTitle(settings: Pick<Settings, "seoTitle" | "title" | "shopName">): string {
  return settings.seoTitle || settings.title || settings.shopName;
}

/** Spec section 2: seoDescription, else description. */
export function defaultDescription(settings: Pick<Settings, "seoDescription" | "description">) {
  return settings.seoDescription || settings.description;
}

/** AGB, Datenschutz, Impressum, Allergene: our own page when the text is kept here, else the URL. */
function legalLinks(settings: Settings, publicSitePaths: ReadonlySet<string>): LegalLink[] {
  const entries = [
    {
      label: de.shell.terms,
      path: "terms-and-conditions",
      text: settings.termsAndConditionsText,
      url: settings.termsAndConditions,
    },
    {
      label: de.shell.privacy,
      path: "privacy",
      text: settings.privacyPolicyText,
      url: settings.privacyPolicy,
    },
    { label: de.shell.imprint, path: "imprint", text: settings.imprintText, url: settings.imprint },
    {
      label: de.shell.allergens,
      path: "allergens",
      text: settings.allergensText,
      url: settings.allergens,
    },
  ];
  return entries.flatMap(({ label, path, text, url }): LegalLink[] => {
    // A public site of that path is edited in "Seiten" (decision 039) and is our own page too.
    if (text || publicSitePaths.has(path))
      return [{ label, href: `/site/${path}`, external: false }];
    if (url) return [{ label, href: url, external: true }];
    return [];
  });
}

const LOGO_HEIGHT = 48;

function headerLogoSize({ width, height }: { width: number; height: number }) {
  if (width <= 0 || height <= 0) return { width: LOGO_HEIGHT * 3, height: LOGO_HEIGHT };
  return { width: Math.round((LOGO_HEIGHT * width) / height), height: LOGO_HEIGHT };
}
