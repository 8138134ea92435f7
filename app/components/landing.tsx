import { DirectionsLink } from "./directions-link";
import { OutsideLink, useSelfService } from "./kiosk";
import { HoursTable } from "./branch-hours";
import { Link, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { ButtonLink } from "./ui/button";
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { de } from "#app/i18n/de";
import type {
  Course,
  LandingData,
  LandingSection,
  NewsItem,
  SectionPart,
} from "#app/features/storefront/home.server";
import type { ContactMapProps } from "./contact-map.client";
import { OpeningStateLine } from "./opening-state";
import { UrlDialog, withParam } from "./ui/dialog";

/** The index in `?name=` (1-based) when it names one of `count` entries, else null. */
function indexParam(value: string | null, count: number): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const index = Number(value);
  return index >= 1 && index <= count ? index : null;
}

function Parts({ parts }: { parts: readonly SectionPart[] }) {
  return (
    <>
      {parts.map((part, index) => {
        if (part.kind === "list") {
          return (
            <ul key={index}>
              {part.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          );
        }
        if (part.kind === "html") {
          // Markdown and rich text, cleaned on the server to the toolbar's markup.
          return <div key={index} dangerouslySetInnerHTML={{ __html: part.html }} />;
        }
        if (part.kind === "image") {
          return (
            <img
              key={index}
              src={part.image.src}
              alt={part.image.alt}
              width={part.image.width}
              height={part.image.height}
              loading="lazy"
              decoding="async"
            />
          );
        }
        return <p key={index}>{part.text}</p>;
      })}
    </>
  );
}

function Section({
  section,
  headingLevel = 2,
  children,
}: {
  section: LandingSection;
  headingLevel?: 1 | 2;
  children?: React.ReactNode;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const id = `abschnitt-${section.identifier}`;
  return (
    <section
      id={section.identifier}
      className={`landing-section is-${section.identifier}`}
      aria-labelledby={id}
    >
      <Heading id={id}>{section.heading}</Heading>
      <Parts parts={section.parts} />
      {children}
    </section>
  );
}

export function Landing({ data, shopName }: { data: LandingData; shopName: string }) {
  const { sections } = data;
  const orderButton = data.orderPath ? (
    <p>
      <ButtonLink variant="store" to={data.orderPath} prefetch="intent">
        {de.landing.orderNow}
      </ButtonLink>
    </p>
  ) : null;
  return (
    <div className="landing">
      {sections.intro ? (
        <Section section={sections.intro} headingLevel={1}>
          {orderButton}
        </Section>
      ) : (
        <h1>{shopName}</h1>
      )}
      {data.newsPopup && data.newsPopup.items.length > 0 ? (
        <NewsPopup items={data.newsPopup.items} version={data.newsPopup.version} />
      ) : null}
      {data.gallery ? <Gallery gallery={data.gallery} /> : null}
      {sections.shop ? <Section section={sections.shop}>{orderButton}</Section> : null}
      {data.news.length > 0 ? <News items={data.news} /> : null}
      {sections.vegan ? <Section section={sections.vegan} /> : null}
      {sections.events ? <Section section={sections.events} /> : null}
      {data.courses.length > 0 && data.coursesPath ? (
        <Courses courses={data.courses} coursesPath={data.coursesPath} />
      ) : null}
      {sections.about ? <Section section={sections.about} /> : null}
      {data.contact ? <Contact contact={data.contact} /> : null}
    </div>
  );
}

function NewsCard({ item, headingId }: { item: NewsItem; headingId?: string }) {
  return (
    <>
      {item.image ? (
        <img
          src={item.image.src}
          alt={item.image.alt}
          width={item.image.width}
          height={item.image.height}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <h3 id={headingId}>{item.title}</h3>
      {/* News texts are HTML written by staff in the back office. */}
      <div dangerouslySetInnerHTML={{ __html: item.html }} />
      {item.button ? (
        <p>
          <ButtonLink variant="store" to={item.button.link}>
            {item.button.label}
          </ButtonLink>
        </p>
      ) : null}
    </>
  );
}

function News({ items }: { items: readonly NewsItem[] }) {
  return (
    <section id="news" className="landing-section" aria-labelledby="abschnitt-news">
      <h2 id="abschnitt-news">{de.landing.newsHeading}</h2>
      <ul className="card-grid">
        {items.map((item) => (
          <li key={item.title} className="card">
            <NewsCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const NEWS_DISMISSED_KEY = "news-popup-dismissed";

/**
 * The news popup: `?news=n`. Without JavaScript a link opens it; with JavaScript it opens by
 * itself 500 ms after loading unless this version (the block's updatedAt) was closed before.
 */
function NewsPopup({ items, version }: { items: readonly NewsItem[]; version: string }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const current = indexParam(searchParams.get("news"), items.length);
  const navigate = useNavigate();

  useEffect(() => {
    if (current !== null) return;
    let dismissed = false;
    try {
      dismissed = window.localStorage.getItem(NEWS_DISMISSED_KEY) === version;
    } catch {
      dismissed = false;
    }
    if (dismissed) return;
    const timer = window.setTimeout(
      () => navigate(withParam(location, "news", "1"), { replace: true, preventScrollReset: true }),
      500,
    );
    return () => window.clearTimeout(timer);
    // Only on arrival: closing must not bring it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const remember = useCallback(() => {
    try {
      window.localStorage.setItem(NEWS_DISMISSED_KEY, version);
    } catch {
      // Private mode: the popup simply comes back next time.
    }
  }, [version]);

  const item = current !== null ? items[current - 1] : undefined;
  const closeTo = withParam(location, "news", null);
  const previous = current !== null ? ((current + items.length - 2) % items.length) + 1 : null;
  const next = current !== null ? (current % items.length) + 1 : null;
  return (
    <>
      <p className="news-reopen">
        <Link to={withParam(location, "news", "1")} preventScrollReset>
          {de.landing.reopenNews}
        </Link>
      </p>
      {item && current !== null && previous !== null && next !== null ? (
        <UrlDialog
          labelledBy="news-popup-titel"
          closeTo={closeTo}
          previousTo={items.length > 1 ? withParam(location, "news", String(previous)) : null}
          nextTo={items.length > 1 ? withParam(location, "news", String(next)) : null}
          className="news-popup"
          onClose={remember}
        >
          <p className="overlay-counter">{de.landing.newsOf(current, items.length)}</p>
          <NewsCard item={item} headingId="news-popup-titel" />
          <OverlayNav
            label={de.landing.newsHeading}
            previousTo={items.length > 1 ? withParam(location, "news", String(previous)) : null}
            nextTo={items.length > 1 ? withParam(location, "news", String(next)) : null}
            closeTo={closeTo}
            onClose={remember}
          />
        </UrlDialog>
      ) : null}
    </>
  );
}

function Gallery({ gallery }: { gallery: NonNullable<LandingData["gallery"]> }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const total = gallery.images.length;
  const current = indexParam(searchParams.get("galerie"), total);
  const image = current !== null ? gallery.images[current - 1] : undefined;
  const link = (index: number) => withParam(location, "galerie", String(index));
  const previous = current !== null ? ((current + total - 2) % total) + 1 : 1;
  const next = current !== null ? (current % total) + 1 : 1;
  return (
    <section id="galerie" className="landing-section" aria-labelledby="abschnitt-galerie">
      <h2 id="abschnitt-galerie">{gallery.label || de.landing.galleryHeading}</h2>
      <ul className="gallery-grid">
        {gallery.images.map((entry, index) => (
          <li key={entry.large.src}>
            <Link
              to={link(index + 1)}
              preventScrollReset
              aria-label={de.landing.openImage(index + 1, total)}
            >
              <img
                src={entry.thumbnail.src}
                alt={entry.thumbnail.alt}
                width={entry.thumbnail.width}
                height={entry.thumbnail.height}
                loading="lazy"
                decoding="async"
              />
            </Link>
          </li>
        ))}
      </ul>
      {image && current !== null ? (
        <UrlDialog
          labelledBy="galerie-titel"
          closeTo={withParam(location, "galerie", null, "#galerie")}
          previousTo={link(previous)}
          nextTo={link(next)}
          className="gallery-overlay"
        >
          <h2 id="galerie-titel" className="visually-hidden">
            {gallery.label || de.landing.galleryHeading}
          </h2>
          <p className="overlay-counter" aria-live="polite">
            {de.landing.counter(current, total)}
          </p>
          <img
            className="gallery-large"
            src={image.large.src}
            alt={image.large.alt}
            width={image.large.width}
            height={image.large.height}
          />
          <OverlayNav
            label={de.landing.galleryHeading}
            previousTo={link(previous)}
            nextTo={link(next)}
            closeTo={withParam(location, "galerie", null, "#galerie")}
          />
          <ul className="gallery-thumbnails" aria-label={de.landing.thumbnails}>
            {gallery.images.map((entry, index) => (
              <li key={entry.thumbnail.src}>
                <Link
                  to={link(index + 1)}
                  preventScrollReset
                  replace
                  aria-label={de.landing.openImage(index + 1, total)}
                  aria-current={index + 1 === current ? "true" : undefined}
                >
                  <img
                    src={entry.thumbnail.src}
                    alt=""
                    width={entry.thumbnail.width}
                    height={entry.thumbnail.height}
                    loading="lazy"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </UrlDialog>
      ) : null}
    </section>
  );
}

function Courses({ courses, coursesPath }: { courses: readonly Course[]; coursesPath: string }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const open = courses.find(
    (course) => course.hasDetails && course.slug === searchParams.get("kurs"),
  );
  return (
    <section id="kurse" className="landing-section" aria-labelledby="abschnitt-kurse">
      <h2 id="abschnitt-kurse">{de.landing.coursesHeading}</h2>
      <ul className="card-grid">
        {courses.map((course) => (
          <li key={course.slug} className="card">
            <h3>
              <Link
                to={course.hasDetails ? withParam(location, "kurs", course.slug) : coursesPath}
                preventScrollReset={course.hasDetails}
              >
                {course.name}
              </Link>
            </h3>
            {course.summary ? <p>{course.summary}</p> : null}
          </li>
        ))}
      </ul>
      <p>
        <ButtonLink variant="store" to={coursesPath}>
          {de.landing.bookCourses}
        </ButtonLink>
      </p>
      {open ? (
        <UrlDialog
          labelledBy="kurs-titel"
          closeTo={withParam(location, "kurs", null, "#kurse")}
          className="course-overlay"
        >
          <h2 id="kurs-titel">{open.name}</h2>
          <Parts parts={open.parts} />
          <OverlayNav label={open.name} closeTo={withParam(location, "kurs", null, "#kurse")}>
            <ButtonLink variant="store" to={coursesPath}>
              {de.landing.bookCourses}
            </ButtonLink>
          </OverlayNav>
        </UrlDialog>
      ) : null}
    </section>
  );
}

function Contact({ contact }: { contact: NonNullable<LandingData["contact"]> }) {
  // A kiosk shows no map: its tiles and attribution lead out of the shop (decision 053).
  const selfService = useSelfService();
  return (
    <section id="kontakt" className="landing-section contact" aria-labelledby="abschnitt-kontakt">
      <h2 id="abschnitt-kontakt">{de.landing.contactHeading}</h2>
      <div className="contact-grid">
        <div>
          <h3>{contact.name}</h3>
          <address>
            {contact.street}
            <br />
            {contact.zipCode} {contact.city}
          </address>
          <dl className="contact-list">
            {contact.phone ? (
              <>
                <dt>{de.landing.phone}</dt>
                <dd>
                  <OutsideLink href={`tel:${contact.phone.replace(/\s+/g, "")}`}>
                    {contact.phone}
                  </OutsideLink>
                </dd>
              </>
            ) : null}
            {contact.email ? (
              <>
                <dt>{de.landing.email}</dt>
                <dd>
                  <OutsideLink href={`mailto:${contact.email}`}>{contact.email}</OutsideLink>
                </dd>
              </>
            ) : null}
            {contact.website ? (
              <>
                <dt>{de.landing.website}</dt>
                <dd>
                  <OutsideLink href={contact.website} newTab>
                    {contact.website.replace(/^https?:\/\//, "")}
                    {selfService ? null : (
                      <span className="visually-hidden"> {de.shell.newTab}</span>
                    )}
                  </OutsideLink>
                </dd>
              </>
            ) : null}
          </dl>
          <OpeningStateLine state={contact.openingState} />
          <p>
            <DirectionsLink href={contact.directionsUrl} />
          </p>
        </div>
        <div>
          <HoursTable caption={de.landing.openingHours} rows={contact.hours} />
        </div>
      </div>
      {selfService ? null : contact.map ? (
        <ContactMap map={contact.map} />
      ) : contact.mapPlugin ? (
        <p className="map-consent">{de.landing.mapConsent}</p>
      ) : null}
    </section>
  );
}

/** Leaflet and its CSS load only here, only after consent, as their own chunk. */
function ContactMap({ map }: { map: ContactMapProps }) {
  const [View, setView] = useState<ComponentType<ContactMapProps> | null>(null);
  useEffect(() => {
    let live = true;
    void import("./contact-map.client").then((module) => {
      if (live) setView(() => module.ContactMapView);
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="contact-map" role="region" aria-label={de.landing.map}>
      {View ? <View {...map} /> : null}
    </div>
  );
}

/**
 * An overlay's links (news, gallery, course): what the overlay adds, the previous and next
 * entry where there are others, and "Schließen"; each replaces the address in place.
 */
function OverlayNav({
  label,
  previousTo = null,
  nextTo = null,
  closeTo,
  onClose,
  children,
}: {
  label: string;
  previousTo?: string | null;
  nextTo?: string | null;
  closeTo: string;
  onClose?: () => void;
  children?: ReactNode;
}) {
  return (
    <nav className="overlay-nav" aria-label={label}>
      {children}
      {previousTo !== null && nextTo !== null ? (
        <>
          <Link to={previousTo} preventScrollReset replace>
            {de.landing.previous}
          </Link>
          <Link to={nextTo} preventScrollReset replace>
            {de.landing.next}
          </Link>
        </>
      ) : null}
      <Link to={closeTo} preventScrollReset replace onClick={onClose} className="overlay-close">
        {de.landing.close}
      </Link>
    </nav>
  );
}
