import type { Block, BlockContent, Db, StoredImage } from "#app/db/schema";
import { listTags, type BranchDetails } from "#app/db/queries/branches";
import { findImagesByIds, type ImageMeta } from "#app/db/queries/images";
import { pictureOf, type Picture } from "#app/features/media/picture";
import { listPublicBlocks } from "#app/db/queries/content";
import { markdownToSafeHtml } from "#app/features/content/block-render.server";
import { sanitizeRichText } from "#app/domain/rich-text.server";
import { weeklyHours } from "#app/domain/opening-display";
import { de } from "#app/i18n/de";
import { filterBranches, searchResultText } from "#app/domain/search";
import { branchOpening, effectiveHours } from "./opening.server";
import { defaultDescription, defaultTitle } from "./shell.server";
import {
  cachedReference,
  referenceBranches,
  referenceSettings,
} from "#app/features/shared/reference-data.server";

/** Google Maps understands both coordinates and an address; it opens the phone's maps app. */
export function directionsUrl(
  branch: Pick<BranchDetails, "latitude" | "longitude" | "street" | "city" | "zipCode">,
): string {
  const destination =
    branch.latitude != null && branch.longitude != null
      ? `${branch.latitude},${branch.longitude}`
      : [branch.street, branch.zipCode, branch.city].filter(Boolean).join(", ");
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

export interface HomeQuery {
  /** The search box (`?q=`), as typed. */
  term: string;
  /** The tag filter (`?tag=`), a tag identifier. */
  tag: string;
}

export function readHomeQuery(url: URL): HomeQuery {
  return {
    term: (url.searchParams.get("q") ?? "").slice(0, 200),
    tag: (url.searchParams.get("tag") ?? "").slice(0, 100),
  };
}

export async function loadHome(
  db: Db,
  {
    now,
    query,
    consentGiven,
    mapTileUrl = null,
  }: { now: Date; query: HomeQuery; consentGiven: boolean; mapTileUrl?: string | null },
) {
  const settings = await referenceSettings(db);
  const page = {
    pageTitle: defaultTitle(settings),
    description: defaultDescription(settings),
  };
  if (settings.enablePluginHomePage) {
    return {
      variant: "landing" as const,
      ...page,
      ...(await loadLanding(db, now, consentGiven, mapTileUrl)),
    };
  }
  return { variant: "list" as const, ...page, ...(await loadBranchList(db, now, query)) };
}

/**
 * The branch list: every branch (non-public ones shown inactive), or a division's. The home page
 * offers search and tag filter when their plugins are on; the division page always does (spec
 * section 2, decision 048).
 */
export async function loadBranchList(
  db: Db,
  now: Date,
  query: HomeQuery,
  scope: { divisionId?: number } = {},
) {
  const [settings, allBranches, tags] = await Promise.all([
    referenceSettings(db),
    referenceBranches(db),
    cachedReference(db, "tags", () => listTags(db)),
  ]);
  const isDivision = scope.divisionId !== undefined;
  const branches = isDivision
    ? allBranches.filter((branch) => branch.divisionId === scope.divisionId)
    : allBranches;
  const withSearch = isDivision || settings.enablePluginSearch;
  const withTags = isDivision || settings.enablePluginTags;
  const zone = settings.businessTimeZone;
  const term = withSearch ? query.term : "";
  const usedTagIds = new Set(branches.flatMap((branch) => branch.tags.map((tag) => tag.id)));
  const offeredTags = withTags ? tags.filter((tag) => usedTagIds.has(tag.id)) : [];
  const activeTag = offeredTags.find((tag) => tag.identifier === query.tag) ?? null;
  const shown = filterBranches(branches, { term, tagId: activeTag?.id ?? null });
  const images = await findImagesByIds(
    db,
    shown.flatMap((branch) => branch.imageIds.slice(0, 1)),
  );
  return {
    title: settings.title || settings.shopName,
    introText: settings.description,
    search: withSearch ? { term } : null,
    tagFilter: withTags
      ? {
          active: activeTag?.identifier ?? "",
          tags: offeredTags.map((tag) => ({ identifier: tag.identifier, name: tag.name })),
        }
      : null,
    isFiltered: term.trim() !== "" || activeTag !== null,
    resultText: searchResultText(shown.length, branches.length),
    branches: shown.map((branch) => ({
      identifier: branch.identifier,
      name: branch.name,
      street: branch.street,
      zipCode: branch.zipCode,
      city: branch.city,
      isPublic: branch.isPublic,
      tags: branch.tags.map((tag) => tag.name),
      openingState: branchOpening(branch, now, zone).view,
      orderState: orderState(branch, branchOpening(branch, now, zone).state.isOpen),
      directionsUrl: directionsUrl(branch),
      image: branchPicture(images.get(branch.imageIds[0] ?? 0)),
    })),
  };
}

export type BranchListData = Awaited<ReturnType<typeof loadBranchList>>;

/** Whether a customer can order online here now, pre-order, or not at all (issue 17). */
function orderState(
  branch: Pick<BranchDetails, "isPreorderEnabled" | "isQuotationRequired">,
  isOpen: boolean,
): { kind: "open" | "preorder" | "closed"; label: string } {
  const texts = de.home.orderStates;
  if (branch.isQuotationRequired) return { kind: "open", label: texts.quotation };
  if (isOpen) return { kind: "open", label: texts.open };
  if (branch.isPreorderEnabled) return { kind: "preorder", label: texts.preorder };
  return { kind: "closed", label: texts.closed };
}

/** A branch card's photo: the proportional sizes (decision 038); one column on a phone. */
function branchPicture(image: ImageMeta | undefined): Picture | null {
  return image ? pictureOf(image, "wide", "(min-width: 40rem) 26rem, 100vw") : null;
}

// ——— Landing page ———

export interface ImageView {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export type SectionPart =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] }
  /** Markdown and rich-text parts, cleaned to what the wysiwyg toolbar makes. */
  | { kind: "html"; html: string }
  | { kind: "image"; image: ImageView };

export interface LandingSection {
  identifier: string;
  heading: string;
  parts: SectionPart[];
}

export interface NewsItem {
  title: string;
  html: string;
  image: ImageView | null;
  button: { label: string; link: string } | null;
}

export interface Course {
  /** The block identifier without 'course-': the `?kurs=` value. */
  slug: string;
  name: string;
  summary: string | null;
  parts: SectionPart[];
  /** Spec: more than two non-gallery content parts open a detail overlay. */
  hasDetails: boolean;
}

const SECTION_ORDER = ["intro", "shop", "vegan", "events", "about"] as const;

type ImageSizes = Map<number, { width: number; height: number; alt: string | null }>;

async function loadLanding(db: Db, now: Date, consentGiven: boolean, mapTileUrl: string | null) {
  const [settings, branches, blocks] = await Promise.all([
    referenceSettings(db),
    referenceBranches(db, { publicOnly: true }),
    cachedReference(db, "blocks:public", () => listPublicBlocks(db)),
  ]);
  const zone = settings.businessTimeZone;
  const images = await imageSizes(db, blocks);
  const byIdentifier = new Map(blocks.map((block) => [block.identifier, block]));
  const section = (identifier: string): LandingSection | null => {
    const block = byIdentifier.get(identifier);
    return block ? toSection(block, images) : null;
  };
  const [first, second] = branches;
  const courseBlocks = blocks.filter((block) => block.identifier.startsWith("course-"));
  const courses =
    branches.length > 1 && second ? courseBlocks.map((block) => toCourse(block, images)) : [];
  const galleryBlock = byIdentifier.get("gallery");
  const gallery = galleryBlock ? toGallery(galleryBlock.content, images) : null;
  const newsPopup = byIdentifier.get("news-popup");

  return {
    sections: Object.fromEntries(
      SECTION_ORDER.map((identifier) => [identifier, section(identifier)]),
    ) as Record<(typeof SECTION_ORDER)[number], LandingSection | null>,
    gallery: gallery && gallery.images.length > 0 ? gallery : null,
    news: newsItems(byIdentifier.get("news")?.content, images),
    newsPopup: newsPopup
      ? {
          version: newsPopup.updatedAt.toISOString(),
          items: newsItems(newsPopup.content, images),
        }
      : null,
    orderPath: first ? `/store/${first.identifier}` : null,
    coursesPath: second ? `/store/${second.identifier}` : null,
    courses,
    contact: first
      ? {
          name: first.name,
          street: first.street,
          zipCode: first.zipCode,
          city: first.city,
          phone: first.phone,
          email: first.email,
          website: settings.website,
          openingState: branchOpening(first, now, zone).view,
          hours: weeklyHours(effectiveHours(first, now, zone).openingHours, now, zone).map(
            (row) => ({
              day: row.dayName,
              text: row.text,
            }),
          ),
          directionsUrl: directionsUrl(first),
          map:
            settings.enablePluginMapbox &&
            consentGiven &&
            first.latitude != null &&
            first.longitude != null
              ? {
                  latitude: first.latitude,
                  longitude: first.longitude,
                  // Leaflet has neither pitch nor bearing, and plain markers stop at zoom 18.
                  zoom: Math.min(Math.max(settings.mapboxZoom, 1), 18),
                  label: first.name,
                  // Loaded by the visitor's browser, only after 'Akzeptieren' (decision 048).
                  tileUrl: mapTileUrl,
                }
              : null,
          mapPlugin: settings.enablePluginMapbox,
        }
      : null,
  };
}

export type LandingData = Awaited<ReturnType<typeof loadLanding>>;

function imageIdsOf(value: unknown, into: Set<number>): void {
  if (Array.isArray(value)) {
    for (const item of value) imageIdsOf(item, into);
  } else if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.id === "number" && typeof record.extension === "string") into.add(record.id);
    for (const child of Object.values(record)) imageIdsOf(child, into);
  }
}

async function imageSizes(db: Db, blocks: readonly Block[]): Promise<ImageSizes> {
  const ids = new Set<number>();
  for (const block of blocks) imageIdsOf(block.content, ids);
  if (ids.size === 0) return new Map();
  const rows = await db
    .selectFrom("images")
    .select(["id", "width", "height", "alt"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

function isStoredImage(value: unknown): value is StoredImage {
  if (!value || typeof value !== "object") return false;
  const image = value as Partial<StoredImage>;
  return (
    typeof image.id === "number" &&
    typeof image.version === "number" &&
    typeof image.extension === "string"
  );
}

function toImage(value: unknown, sizes: ImageSizes, size?: string): ImageView | null {
  if (!isStoredImage(value)) return null;
  const known = sizes.get(value.id);
  if (!known) return null;
  const name = `${value.id}-${value.version}.${value.extension}`;
  return {
    src: size ? `/image/${size}/${name}` : `/image/${name}`,
    width: known.width,
    height: known.height,
    alt: value.alt ?? known.alt ?? "",
  };
}

function asText(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function contentParts(content: BlockContent, sizes: ImageSizes): SectionPart[] {
  return (content.data ?? []).flatMap((part): SectionPart[] => {
    if (part.type === "markdown") {
      const html = markdownToSafeHtml(asText(part.value));
      return html ? [{ kind: "html", html }] : [];
    }
    if (part.type === "wysiwyg") {
      const html = sanitizeRichText(asText(part.value));
      return html ? [{ kind: "html", html }] : [];
    }
    if (part.type === "image") {
      const image = toImage(part.value, sizes, "large");
      return image ? [{ kind: "image", image }] : [];
    }
    if (part.type === "text" || part.type === "textarea") {
      const text = asText(part.value);
      return text ? [{ kind: "paragraph", text }] : [];
    }
    return [];
  });
}

/** The first text part is the section's heading, the block name when there is none. */
function toSection(block: Block, sizes: ImageSizes): LandingSection {
  const data = block.content.data ?? [];
  const first = data[0];
  const heading = first?.type === "text" ? asText(first.value) : "";
  const rest = heading ? { ...block.content, data: data.slice(1) } : block.content;
  return {
    identifier: block.identifier,
    heading: heading || block.name,
    parts: contentParts(rest, sizes),
  };
}

function toCourse(block: Block, sizes: ImageSizes): Course {
  const section = toSection(block, sizes);
  const nonGallery = (block.content.data ?? []).filter((part) => part.type !== "gallery");
  const summary = section.parts[0]?.kind === "paragraph" ? section.parts[0].text : null;
  return {
    slug: block.identifier.slice("course-".length),
    name: section.heading,
    summary,
    parts: section.parts,
    hasDetails: nonGallery.length > 2,
  };
}

function toGallery(content: BlockContent, sizes: ImageSizes) {
  const part = (content.data ?? []).find((candidate) => candidate.type === "gallery");
  const value = (part?.value ?? {}) as { label?: unknown; images?: unknown };
  const stored = Array.isArray(value.images) ? value.images : [];
  return {
    label: asText(value.label),
    images: stored.flatMap((image) => {
      const large = toImage(image, sizes, "large");
      const thumbnail = toImage(image, sizes, "small");
      return large && thumbnail ? [{ large, thumbnail }] : [];
    }),
  };
}

function newsItems(content: BlockContent | undefined, sizes: ImageSizes): NewsItem[] {
  return (content?.news ?? []).flatMap(({ value }) =>
    value
      ? [
          {
            title: asText(value.title),
            // Cleaned when saved and again when shown: seeds and old rows never went through the form.
            html: typeof value.text === "string" ? sanitizeRichText(value.text) : "",
            image: toImage(value.image, sizes, "medium"),
            button: value.button?.label && value.button.link ? value.button : null,
          },
        ]
      : [],
  );
}
