/**
 * The water-themed backdrop of the login and portal pages: deep water, light caustics near the
 * surface and a soft wave line, all CSS so it costs no request.
 */
const WAVE =
  "url(\"data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1440 320' preserveAspectRatio='none'><path fill='%23ffffff' fill-opacity='0.08' d='M0,224L60,208C120,192,240,160,360,165.3C480,171,600,213,720,218.7C840,224,960,192,1080,170.7C1200,149,1320,139,1380,133.3L1440,128L1440,320L0,320Z'/><path fill='%23ffffff' fill-opacity='0.06' d='M0,288L80,272C160,256,320,224,480,224C640,224,800,256,960,261.3C1120,267,1280,245,1360,234.7L1440,224L1440,320L0,320Z'/></svg>\") bottom / 100% 38% no-repeat";

export const WATER_BACKGROUND = [
  WAVE,
  'radial-gradient(ellipse 60% 40% at 15% 10%, rgba(125, 231, 255, 0.35), transparent 70%)',
  'radial-gradient(ellipse 50% 35% at 85% 20%, rgba(56, 189, 248, 0.25), transparent 70%)',
  'linear-gradient(165deg, #0b3a5b 0%, #0a5c7a 45%, #0e7490 75%, #155e75 100%)',
].join(', ');
