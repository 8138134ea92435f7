import "leaflet/dist/leaflet.css";
import { icon } from "leaflet";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png";
import iconUrl from "leaflet/dist/images/marker-icon.png";
import shadowUrl from "leaflet/dist/images/marker-shadow.png";
import { MapContainer, Marker, TileLayer, Tooltip } from "react-leaflet";

export interface ContactMapProps {
  latitude: number;
  longitude: number;
  zoom: number;
  label: string;
  /** A tile server ('https://…/{z}/{x}/{y}.png'); without one the map shows the marker alone. */
  tileUrl?: string | null;
}

// Leaflet finds its marker images through its CSS by default, which a bundler breaks: name them.
const markerIcon = icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

/** OpenStreetMap's tiles must name their source (its tile usage policy). */
function attributionOf(tileUrl: string): string | undefined {
  return tileUrl.includes("openstreetmap.org")
    ? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-Mitwirkende'
    : undefined;
}

export function ContactMapView({ latitude, longitude, zoom, label, tileUrl }: ContactMapProps) {
  const position: [number, number] = [latitude, longitude];
  return (
    <MapContainer center={position} zoom={zoom} scrollWheelZoom={false} className="leaflet-map">
      {tileUrl ? <TileLayer url={tileUrl} attribution={attributionOf(tileUrl)} /> : null}
      <Marker position={position} icon={markerIcon} alt={label} title={label}>
        <Tooltip permanent direction="top">
          {label}
        </Tooltip>
      </Marker>
    </MapContainer>
  );
}
