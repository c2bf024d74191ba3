/** A point on the wall map. */
export interface MapPoint {
  id: number;
  lat: number;
  lng: number;
  /** Status the marker colour stands for. */
  color: string;
  label: string;
}

export interface MapCluster {
  key: string;
  lat: number;
  lng: number;
  points: MapPoint[];
}

/**
 * Grid clustering in screen space: points whose projected pixels share a cell of `cellPx` become
 * one cluster at their mean position. `project` maps lat/lng to pixels at the current zoom.
 */
export function gridCluster(points: MapPoint[], project: (lat: number, lng: number) => { x: number; y: number }, cellPx: number): MapCluster[] {
  const cells = new Map<string, MapPoint[]>();
  for (const p of points) {
    const { x, y } = project(p.lat, p.lng);
    const key = `${Math.floor(x / cellPx)}:${Math.floor(y / cellPx)}`;
    const cell = cells.get(key);
    if (cell) cell.push(p);
    else cells.set(key, [p]);
  }
  return [...cells].map(([key, pts]) => ({
    key,
    points: pts,
    lat: pts.reduce((s, p) => s + p.lat, 0) / pts.length,
    lng: pts.reduce((s, p) => s + p.lng, 0) / pts.length,
  }));
}

/** The colour a cluster shows: the most urgent of its members in the given order of urgency. */
export function clusterColor(cluster: MapCluster, urgency: string[]): string {
  for (const c of urgency) if (cluster.points.some((p) => p.color === c)) return c;
  return cluster.points[0]?.color ?? urgency[urgency.length - 1];
}
