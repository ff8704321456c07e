// Malaysian cities, towns and states as resumes write them (in English or Malay, and in Chinese), for the
// drop form's "Location (city or area)" (issue 42.17). A place is shown by its usual name, whichever way
// the resume wrote it: "新山" and "Johor Baru" are "Johor Bahru".

type Place = { name: string; also?: string[] };

// Cities and areas first: an address names its town before its state ("47300 Petaling Jaya, Selangor").
const CITIES: Place[] = [
  { name: 'Kuala Lumpur', also: ['吉隆坡'] },
  { name: 'Petaling Jaya', also: ['八打灵再也'] },
  { name: 'Shah Alam', also: ['莎阿南'] },
  { name: 'Subang Jaya', also: ['梳邦再也'] },
  { name: 'Klang', also: ['巴生'] },
  { name: 'Kajang', also: ['加影'] },
  { name: 'Puchong', also: ['蒲种'] },
  { name: 'Cyberjaya', also: ['赛城'] },
  { name: 'Putrajaya', also: ['布城'] },
  { name: 'Seri Kembangan', also: ['Sri Kembangan', '沙登'] },
  { name: 'Ampang', also: ['安邦'] },
  { name: 'Cheras', also: ['蕉赖'] },
  { name: 'Kepong', also: ['甲洞'] },
  { name: 'Setapak', also: ['文良港'] },
  { name: 'Rawang', also: ['万挠'] },
  { name: 'Semenyih', also: ['士毛月'] },
  { name: 'Bangi' },
  { name: 'Sepang', also: ['雪邦'] },
  { name: 'Selayang' },
  { name: 'Gombak' },
  { name: 'Johor Bahru', also: ['Johor Baru', '新山'] },
  { name: 'Iskandar Puteri', also: ['Nusajaya'] },
  { name: 'Skudai', also: ['士古来'] },
  { name: 'Pasir Gudang', also: ['巴西古当'] },
  { name: 'Batu Pahat', also: ['峇株巴辖'] },
  { name: 'Muar', also: ['麻坡'] },
  { name: 'Kluang', also: ['居銮'] },
  { name: 'Segamat', also: ['昔加末'] },
  { name: 'George Town', also: ['Georgetown', '乔治市'] },
  { name: 'Butterworth', also: ['北海'] },
  { name: 'Bayan Lepas', also: ['峇六拜'] },
  { name: 'Bukit Mertajam', also: ['大山脚'] },
  { name: 'Ipoh', also: ['怡保'] },
  { name: 'Taiping', also: ['太平'] },
  { name: 'Teluk Intan', also: ['安顺'] },
  { name: 'Seremban', also: ['芙蓉'] },
  { name: 'Port Dickson', also: ['波德申'] },
  { name: 'Melaka', also: ['Malacca', '马六甲'] },
  { name: 'Kuantan', also: ['关丹'] },
  { name: 'Temerloh', also: ['淡马鲁'] },
  { name: 'Bentong', also: ['文冬'] },
  { name: 'Alor Setar', also: ['Alor Star', '亚罗士打'] },
  { name: 'Sungai Petani', also: ['双溪大年'] },
  { name: 'Kulim', also: ['居林'] },
  { name: 'Kota Bharu', also: ['哥打巴鲁'] },
  { name: 'Kuala Terengganu', also: ['瓜拉登嘉楼'] },
  { name: 'Kangar', also: ['加央'] },
  { name: 'Kota Kinabalu', also: ['亚庇'] },
  { name: 'Sandakan', also: ['山打根'] },
  { name: 'Tawau', also: ['斗湖'] },
  { name: 'Kuching', also: ['古晋'] },
  { name: 'Miri', also: ['美里'] },
  { name: 'Sibu', also: ['诗巫'] },
  { name: 'Bintulu', also: ['民都鲁'] },
  { name: 'Labuan', also: ['纳闽'] },
];

const STATES: Place[] = [
  { name: 'Selangor', also: ['雪兰莪'] },
  { name: 'Johor', also: ['柔佛'] },
  { name: 'Penang', also: ['Pulau Pinang', '槟城', '槟州'] },
  { name: 'Perak', also: ['霹雳'] },
  { name: 'Kedah', also: ['吉打'] },
  { name: 'Kelantan', also: ['吉兰丹'] },
  { name: 'Terengganu', also: ['登嘉楼'] },
  { name: 'Pahang', also: ['彭亨'] },
  { name: 'Negeri Sembilan', also: ['森美兰'] },
  { name: 'Perlis', also: ['玻璃市'] },
  { name: 'Sabah', also: ['沙巴'] },
  { name: 'Sarawak', also: ['砂拉越'] },
];

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Latin names are whole words ("Miri", not "Samiri"); Chinese ones have no spaces around them to look for.
const matcher = (place: Place) => {
  const names = [place.name, ...(place.also ?? [])];
  const latin = names.filter((name) => !/\p{Script=Han}/u.test(name)).map(escapeRegex);
  const han = names.filter((name) => /\p{Script=Han}/u.test(name)).map(escapeRegex);
  const parts = [...(latin.length > 0 ? [`(?<!\\p{L})(?:${latin.join('|')})(?!\\p{L})`] : []), ...han];
  return { name: place.name, pattern: new RegExp(parts.join('|'), 'iu') };
};
const CITY_MATCHERS = CITIES.map(matcher);
const STATE_MATCHERS = STATES.map(matcher);
const COUNTRY = /(?<!\p{L})malaysia(?!\p{L})|马来西亚/iu;

/** The Malaysian city (else state) a text names, by its usual name; null when it names none. */
export function malaysianPlaceIn(text: string): string | null {
  for (const matchers of [CITY_MATCHERS, STATE_MATCHERS]) {
    let first: { name: string; at: number } | null = null;
    for (const { name, pattern } of matchers) {
      const at = pattern.exec(text)?.index;
      if (at !== undefined && (first === null || at < first.at)) first = { name, at };
    }
    if (first) return first.name;
  }
  return null;
}

/** Whether a text names Malaysia itself ("Kuala Lumpur, Malaysia", "马来西亚"). */
export const namesMalaysia = (text: string): boolean => COUNTRY.test(text);
