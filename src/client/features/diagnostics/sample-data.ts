import type { GalleryImage } from '@client/components/gallery/image-gallery';

/** Made-up rows for the /test gallery and the virtual-table benchmark (no server needed). */
export interface SampleRow {
  id: number;
  name: string;
  city: string;
  area: number;
  status: string;
  sex: string;
  card: string;
  children?: SampleRow[];
}

const CITIES = ['Shanghai', 'Dubai', 'Macau', 'Singapore', 'Las Vegas', 'Hangzhou', 'Paris', 'Seoul'];
const KINDS = ['Plaza fountain', 'Lake curtain', 'Musical show', 'Dry-deck jets', 'Garden cascade'];

export function sampleRow(i: number): SampleRow {
  return {
    id: i + 1,
    name: `${KINDS[i % KINDS.length]} ${i + 1}`,
    city: CITIES[(i * 7) % CITIES.length],
    area: ((i * 37) % 900) + 100,
    status: String(i % 5),
    sex: String(i % 3),
    card: String(6222020000000000 + i * 7919),
  };
}

export function sampleRows(count: number): SampleRow[] {
  return Array.from({ length: count }, (_, i) => sampleRow(i));
}

export const SAMPLE_TREE: SampleRow[] = [
  { ...sampleRow(0), name: 'Marina Bay', children: [{ ...sampleRow(1), name: 'North pool' }, { ...sampleRow(2), name: 'South pool', children: [{ ...sampleRow(3), name: 'Jet ring' }] }] },
  { ...sampleRow(4), name: 'West Lake', children: [{ ...sampleRow(5), name: 'Music stage' }] },
];

const svg = (fill: string, label: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="${fill}"/><path d="M0 150 Q80 110 160 150 T320 150 V200 H0Z" fill="#fff" opacity=".35"/><text x="16" y="40" font-family="sans-serif" font-size="22" fill="#fff">${label}</text></svg>`)}`;

export const SAMPLE_IMAGES: GalleryImage[] = [
  { src: svg('#0b7285', 'Plaza'), alt: 'Plaza fountain' },
  { src: svg('#1864ab', 'Lake'), alt: 'Lake curtain' },
  { src: svg('#5f3dc4', 'Show'), alt: 'Musical show' },
  { src: '/missing/picture.png', alt: 'Missing picture' },
];
