// Every quiz and landing variant: one data file each. A new variant is a new file here plus one line below.
import adquantumSource from './adquantum-source.ts';
import blackAnime from './black-anime.ts';
import blackThreeScreens from './black-three-screens.ts';
import eveBlack from './eve-black.ts';
import funnelNew from './funnel-new.ts';
import generationAnime from './generation-anime.ts';
import generationGray from './generation-gray.ts';
import generationNsfw from './generation-nsfw.ts';
import generationSfw from './generation-sfw.ts';
import hentai from './hentai.ts';
import jizzGirl from './jizz-girl.ts';
import quickdateAnime from './quickdate-anime.ts';
import quickdateHoneyBlack from './quickdate-honey-black.ts';
import quickdateHoneyGray from './quickdate-honey-gray.ts';
import quizFb from './quiz-fb.ts';
import quizVip from './quiz-vip.ts';
import quiz1801 from './quiz1801.ts';
import quiz2301 from './quiz2301.ts';
import quiz2901 from './quiz2901.ts';
import quiz4201 from './quiz4201.ts';
import quiz4202 from './quiz4202.ts';
import quiz4901 from './quiz4901.ts';
import quiz4902T from './quiz4902-t.ts';
import quiz4902 from './quiz4902.ts';
import tiktokSource from './tiktok-source.ts';
import type { HandOver, Variant } from './types.ts';

/** Every variant, by name. */
export const VARIANTS: readonly Variant[] = [
  adquantumSource,
  blackAnime,
  blackThreeScreens,
  eveBlack,
  funnelNew,
  generationAnime,
  generationGray,
  generationNsfw,
  generationSfw,
  hentai,
  jizzGirl,
  quickdateAnime,
  quickdateHoneyBlack,
  quickdateHoneyGray,
  quizFb,
  quizVip,
  quiz1801,
  quiz2301,
  quiz2901,
  quiz4201,
  quiz4202,
  quiz4901,
  quiz4902T,
  quiz4902,
  tiktokSource,
];

/** A variant as one path serves it. */
export interface VariantRoute {
  variant: Variant;
  handOver: HandOver;
}

/** The variant a pathname serves (trailing slash ignored), or null. */
export function variantForPath(pathname: string): VariantRoute | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const variant of VARIANTS) {
    const handOver = variant.paths[path];
    if (handOver) return { variant, handOver };
  }
  return null;
}

/** Every path a variant serves. */
export function variantPaths(): string[] {
  return VARIANTS.flatMap((variant) => Object.keys(variant.paths));
}
