/** The bundled world base map (Natural Earth 1:110m via world-atlas), served from public/geo. */
export const WORLD_MAP_URL = 'geo/countries-110m.json';
