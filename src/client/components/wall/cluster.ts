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
 * one cluster at their mean position. `project` maps lat/lng to pixels at the current zoom. Points
 * in neighbouring cells can still sit a few pixels apart (two badges drawn over each other), so
 * clusters whose centres are closer than a cell are then merged until none are.
 */
export function gridCluster(points: MapPoint[], project: (lat: number, lng: number) => { x: number; y: number }, cellPx: number): MapCluster[] {
  const cells = new Map<string, { pts: MapPoint[]; x: number; y: number }>();
  for (const p of points) {
    const { x, y } = project(p.lat, p.lng);
    const key = `${Math.floor(x / cellPx)}:${Math.floor(y / cellPx)}`;
    const cell = cells.get(key);
    if (cell) {
      cell.pts.push(p);
      cell.x += x;
      cell.y += y;
    } else cells.set(key, { pts: [p], x, y });
  }
  // Sums of pixel positions per group; a group's centre is the sum over its size.
  const groups = [...cells].map(([key, c]) => ({ key, pts: c.pts, x: c.x, y: c.y }));
  const centre = (g: (typeof groups)[number]) => ({ x: g.x / g.pts.length, y: g.y / g.pts.length });
  for (let merged = true; merged; ) {
    merged = false;
    for (let i = 0; i < groups.length && !merged; i += 1) {
      for (let j = i + 1; j < groups.length; j += 1) {
        const a = centre(groups[i]);
        const b = centre(groups[j]);
        if (Math.hypot(a.x - b.x, a.y - b.y) >= cellPx) continue;
        const [keep, drop] = [groups[i], groups[j]];
        // The smaller cell key stays, whichever order the cells came in: the marker keeps its identity.
        if (drop.key < keep.key) keep.key = drop.key;
        keep.pts.push(...drop.pts);
        keep.x += drop.x;
        keep.y += drop.y;
        groups.splice(j, 1);
        merged = true;
        break;
      }
    }
  }
  return groups.map(({ key, pts }) => ({
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
