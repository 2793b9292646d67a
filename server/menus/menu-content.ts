/**
 * The dishes and drinks printed on each venue's PDF menu, keyed by the file name the server serves at
 * `/public/menu/{fileName}` (the same names as the menu urls in `common/venues.ts`). Prices are in
 * minor units (HK cents), like every amount in the app.
 */
import type { VenueDomain } from '../../common/venues';

/** One dish or drink. */
export interface MenuItem {
  name: string;
  /** A short description or tasting note, printed in italics under the name. */
  desc?: string;
  /** Minor units; omitted on a tasting menu's courses, which are priced as a whole. */
  price?: number;
}

/** A heading and its dishes. */
export interface MenuSection {
  title: string;
  /** A line under the heading, e.g. 'Per 30 ml' or 'For two to share'. */
  note?: string;
  items: MenuItem[];
}

/** The content of one PDF menu. */
export interface MenuDocumentContent {
  domain: VenueDomain;
  /** The menu's own title, e.g. 'All-Day Menu'. */
  title: string;
  /** A line under the title, e.g. a set price or the hours the menu is served. */
  subtitle?: string;
  /** 'courses' centres each dish, as on a tasting menu served in sequence; 'list' (default) has prices on the right. */
  style?: 'list' | 'courses';
  sections: MenuSection[];
  /** Small print at the foot of the last page. */
  footnote: string;
}

const hkd = (dollars: number) => dollars * 100;

const SERVICE_NOTE = 'All prices are in Hong Kong dollars and subject to a 10% service charge.';
const ALLERGY_NOTE = 'Please tell your server about any allergies or dietary requirements before ordering.';

/** Every menu the server can render, by file name. */
export const MENU_CONTENT: Readonly<Record<string, MenuDocumentContent>> = {
  'leclos-all-day.pdf': {
    domain: 'leclos',
    title: 'All-Day Menu',
    subtitle: 'Served daily from 11:00 am',
    sections: [
      {
        title: 'To Start',
        items: [
          { name: 'Warm Sourdough & Normandy Butter', desc: 'Baked in-house every morning', price: hkd(48) },
          { name: 'Burrata', desc: 'Heirloom tomatoes, basil oil, aged balsamic', price: hkd(188) },
          { name: 'Steak Tartare', desc: 'Hand-cut beef, cornichons, confit egg yolk, toasted brioche', price: hkd(218) },
          { name: 'Salade Niçoise', desc: 'Seared tuna, green beans, olives, soft-boiled egg, anchovy', price: hkd(198) },
          { name: 'French Onion Soup', desc: 'Slow-cooked onions, beef broth, Gruyère crouton', price: hkd(128) },
        ],
      },
      {
        title: 'From the Rotisserie',
        note: 'Served with pommes frites or a green salad',
        items: [
          { name: 'Half Bresse-style Chicken', desc: 'Lemon, thyme and garlic, roasting jus', price: hkd(288) },
          { name: 'Whole Chicken', desc: 'For two to share, with both sides', price: hkd(528) },
          { name: 'Porchetta', desc: 'Fennel, crackling, salsa verde', price: hkd(268) },
        ],
      },
      {
        title: 'Mains',
        items: [
          { name: 'Le Clos Burger', desc: 'Dry-aged beef, Comté, caramelised onion, frites', price: hkd(238) },
          { name: 'Steak Frites', desc: 'Australian grass-fed sirloin 250 g, béarnaise', price: hkd(368) },
          { name: 'Pan-Roasted Sea Bass', desc: 'Fennel, mussels, saffron beurre blanc', price: hkd(318) },
          { name: 'Wild Mushroom Risotto', desc: 'Carnaroli rice, parmesan, chives', price: hkd(228) },
        ],
      },
      {
        title: 'Hong Kong Classics',
        items: [
          { name: 'Hainanese Chicken Rice', desc: 'Poached chicken, ginger-scallion, chilli sauce, chicken rice', price: hkd(228) },
          { name: 'Beef Brisket Noodle Soup', desc: 'Slow-braised brisket, radish, egg noodles', price: hkd(188) },
          { name: 'Wok-Fried Rice Noodles with Beef', desc: 'Soy, bean sprouts, spring onion', price: hkd(178) },
        ],
      },
      {
        title: 'Desserts',
        items: [
          { name: 'Crème Brûlée', desc: 'Tahitian vanilla', price: hkd(98) },
          { name: 'Chocolate Mousse', desc: 'Valrhona Guanaja, Chantilly', price: hkd(98) },
          { name: 'Tarte Tatin for Two', desc: 'Caramelised apple, crème fraîche', price: hkd(168) },
        ],
      },
    ],
    footnote: `${SERVICE_NOTE} ${ALLERGY_NOTE}`,
  },
  'leclos-breakfast.pdf': {
    domain: 'leclos',
    title: 'Breakfast Menu',
    subtitle: 'Monday to Friday, 8:00 am – 11:00 am',
    sections: [
      {
        title: 'From the Bakery',
        items: [
          { name: 'Butter Croissant', price: hkd(38) },
          { name: 'Pain au Chocolat', price: hkd(42) },
          { name: 'Hong Kong Pineapple Bun', desc: 'Warm, with a thick slice of cold butter', price: hkd(38) },
          { name: 'Bakery Basket', desc: 'Croissant, pain au chocolat, sourdough, jam and butter', price: hkd(118) },
        ],
      },
      {
        title: 'Eggs',
        items: [
          { name: 'Eggs Benedict', desc: 'Smoked ham, English muffin, hollandaise', price: hkd(158) },
          { name: 'Eggs Royale', desc: 'Scottish smoked salmon, English muffin, hollandaise', price: hkd(178) },
          { name: 'Omelette', desc: 'Gruyère, ham or mushroom, with a green salad', price: hkd(138) },
          { name: 'Le Clos Full Breakfast', desc: 'Two eggs any style, bacon, sausage, mushrooms, tomato, toast', price: hkd(198) },
        ],
      },
      {
        title: 'Lighter',
        items: [
          { name: 'Bircher Muesli', desc: 'Apple, yoghurt, toasted almonds, honey', price: hkd(98) },
          { name: 'Açaí Bowl', desc: 'Banana, granola, seasonal berries', price: hkd(118) },
          { name: 'Avocado Toast', desc: 'Sourdough, chilli, lime, poached egg', price: hkd(138) },
          { name: 'Congee', desc: 'Century egg and lean pork, with fried dough', price: hkd(108) },
        ],
      },
      {
        title: 'Coffee & Tea',
        items: [
          { name: 'Espresso / Americano', price: hkd(42) },
          { name: 'Cappuccino / Flat White / Latte', price: hkd(48) },
          { name: 'Hong Kong Milk Tea', price: hkd(42) },
          { name: 'Fresh Orange Juice', price: hkd(58) },
        ],
      },
    ],
    footnote: `${SERVICE_NOTE} ${ALLERGY_NOTE}`,
  },
  'leclos-supper.pdf': {
    domain: 'leclos',
    title: 'Supper Menu',
    subtitle: 'Tuesday to Saturday, 10:00 pm – 1:00 am',
    sections: [
      {
        title: 'Small Plates',
        items: [
          { name: 'Gougères', desc: 'Warm Comté cheese puffs', price: hkd(78) },
          { name: 'Jamón Ibérico de Bellota', desc: 'Hand-carved, with pan con tomate', price: hkd(238) },
          { name: 'Fried Chicken Wings', desc: 'Shrimp paste, lime', price: hkd(118) },
          { name: 'Oysters', desc: 'Half dozen, mignonette, lemon', price: hkd(288) },
        ],
      },
      {
        title: 'Late Plates',
        items: [
          { name: 'Croque Monsieur', desc: 'Ham, Gruyère, béchamel, truffle', price: hkd(168) },
          { name: 'Le Clos Burger', desc: 'Dry-aged beef, Comté, caramelised onion, frites', price: hkd(238) },
          { name: 'Wonton Noodle Soup', desc: 'Shrimp wontons, egg noodles, yellow chives', price: hkd(128) },
          { name: 'Cheese Board', desc: 'Three French cheeses, quince, walnut bread', price: hkd(198) },
        ],
      },
      {
        title: 'Something Sweet',
        items: [
          { name: 'Madeleines', desc: 'Baked to order, honey butter', price: hkd(68) },
          { name: 'Affogato', desc: 'Vanilla ice cream, espresso, amaretti', price: hkd(78) },
        ],
      },
    ],
    footnote: `${SERVICE_NOTE} ${ALLERGY_NOTE}`,
  },
  'batard-tasting.pdf': {
    domain: 'batard',
    title: 'Tasting Menu',
    style: 'courses',
    subtitle: 'HK$1,688 per guest  ·  wine pairing HK$988',
    sections: [
      {
        title: 'Amuse-Bouche',
        items: [{ name: 'Gougère, Oyster Leaf, Smoked Eel Tartlet' }],
      },
      {
        title: 'First Course',
        items: [{ name: 'Hokkaido Scallop', desc: 'Cauliflower, Oscietra caviar, brown butter' }],
      },
      {
        title: 'Second Course',
        items: [{ name: 'Brittany Blue Lobster', desc: 'Bisque, fennel, tarragon' }],
      },
      {
        title: 'Third Course',
        items: [{ name: 'Line-Caught Turbot', desc: 'Vin jaune sauce, morels, young leeks' }],
      },
      {
        title: 'Fourth Course',
        items: [
          { name: 'Challans Duck', desc: 'Aged fourteen days, beetroot, cherry, jus' },
          { name: 'or Wagyu A5 Striploin', desc: 'Pommes soufflées, bordelaise', price: hkd(480) },
        ],
      },
      {
        title: 'Cheese',
        items: [{ name: 'Comté 36 Months', desc: 'Walnut, honey, Jura wine jelly' }],
      },
      {
        title: 'Dessert',
        items: [
          { name: 'Soufflé au Grand Marnier', desc: 'Orange, vanilla crème anglaise' },
          { name: 'Petits Fours', desc: 'Canelé, pâte de fruit, chocolate' },
        ],
      },
    ],
    footnote:
      'The tasting menu is served to the whole table and is prepaid when you book. ' +
      `${SERVICE_NOTE} ${ALLERGY_NOTE}`,
  },
  'batard-a-la-carte.pdf': {
    domain: 'batard',
    title: 'À la Carte',
    subtitle: 'Set lunch, three courses: HK$488 per guest',
    sections: [
      {
        title: 'Entrées',
        items: [
          { name: 'Oeuf Parfait', desc: 'Girolles, Comté foam, hazelnut', price: hkd(248) },
          { name: 'Foie Gras Terrine', desc: 'Sauternes jelly, brioche, fig', price: hkd(328) },
          { name: 'Tuna Crudo', desc: 'Yuzu kosho, radish, shiso', price: hkd(288) },
          { name: 'Vichyssoise', desc: 'Leek and potato, smoked trout roe', price: hkd(198) },
        ],
      },
      {
        title: 'Plats',
        items: [
          { name: 'Dover Sole Meunière', desc: 'Brown butter, capers, lemon, for one', price: hkd(788) },
          { name: 'Black Cod', desc: 'Miso glaze, dashi beurre blanc, bok choy', price: hkd(468) },
          { name: 'Pigeon en Croûte', desc: 'Savoy cabbage, foie gras, Périgueux sauce', price: hkd(528) },
          { name: 'Beef Tenderloin', desc: 'Pommes purée, shallot confit, sauce au poivre', price: hkd(588) },
          { name: 'Spring Vegetable Fricassée', desc: 'Peas, asparagus, morels, vin jaune', price: hkd(328) },
        ],
      },
      {
        title: 'Fromages',
        items: [{ name: 'Selection from the Trolley', desc: 'Chosen by our maître fromager', price: hkd(228) }],
      },
      {
        title: 'Desserts',
        items: [
          { name: 'Soufflé au Grand Marnier', desc: 'Allow twenty minutes', price: hkd(168) },
          { name: 'Tarte au Citron', desc: 'Meringue, lemon verbena sorbet', price: hkd(148) },
          { name: 'Paris-Brest', desc: 'Praline cream, choux, toasted hazelnut', price: hkd(148) },
        ],
      },
    ],
    footnote: `${SERVICE_NOTE} ${ALLERGY_NOTE}`,
  },
  'hopsze-lunch.pdf': {
    domain: 'hopsze',
    title: 'Dim Sum Lunch',
    subtitle: 'Daily, 12:00 pm – 3:30 pm',
    sections: [
      {
        title: 'Steamed',
        items: [
          { name: 'Har Gow', desc: 'Crystal shrimp dumplings, four pieces', price: hkd(78) },
          { name: 'Siu Mai', desc: 'Pork and shrimp dumplings with crab roe, four pieces', price: hkd(72) },
          { name: 'Xiao Long Bao', desc: 'Pork soup dumplings, four pieces', price: hkd(72) },
          { name: 'Barbecued Pork Buns', desc: 'Char siu bao, three pieces', price: hkd(62) },
          { name: 'Spare Ribs in Black Bean Sauce', price: hkd(68) },
        ],
      },
      {
        title: 'Baked & Fried',
        items: [
          { name: 'Baked Char Siu Pastry', desc: 'Flaky puff pastry, three pieces', price: hkd(68) },
          { name: 'Spring Rolls', desc: 'Shrimp and yellow chives, three pieces', price: hkd(62) },
          { name: 'Taro Puffs', desc: 'Minced pork and mushroom, three pieces', price: hkd(62) },
          { name: 'Pan-Fried Turnip Cake', desc: 'Chinese sausage, dried shrimp', price: hkd(58) },
        ],
      },
      {
        title: 'Rice Rolls & Congee',
        items: [
          { name: 'Shrimp Cheung Fun', desc: 'Steamed rice rolls, sweet soy', price: hkd(78) },
          { name: 'Crispy Fish Cheung Fun', desc: 'Garoupa, coriander', price: hkd(82) },
          { name: 'Sampan Congee', desc: 'Squid, fish, peanuts, fried dough', price: hkd(88) },
        ],
      },
      {
        title: 'Sweets',
        items: [
          { name: 'Egg Tarts', desc: 'Baked to order, three pieces', price: hkd(58) },
          { name: 'Chilled Mango Sago', desc: 'Pomelo, coconut', price: hkd(68) },
          { name: 'Sesame Balls', desc: 'Red bean paste, three pieces', price: hkd(52) },
        ],
      },
    ],
    footnote: `${SERVICE_NOTE} Tea is charged at HK$28 per guest. ${ALLERGY_NOTE}`,
  },
  'hopsze-dinner.pdf': {
    domain: 'hopsze',
    title: 'Dinner Menu',
    subtitle: 'First seating 6:00 pm  ·  Second seating 8:30 pm',
    sections: [
      {
        title: 'Barbecue',
        items: [
          { name: 'Charcoal-Roasted Goose', desc: 'Quarter, plum sauce', price: hkd(328) },
          { name: 'Honey-Glazed Char Siu', desc: 'Iberico pork shoulder', price: hkd(268) },
          { name: 'Crispy Pork Belly', desc: 'Mustard', price: hkd(238) },
        ],
      },
      {
        title: 'Soups',
        note: 'Per guest',
        items: [
          { name: 'Double-Boiled Chicken Soup', desc: 'Fish maw, cordyceps flower', price: hkd(188) },
          { name: 'Hot and Sour Soup', desc: 'Shredded seafood, tofu', price: hkd(118) },
        ],
      },
      {
        title: 'Seafood',
        items: [
          { name: 'Steamed Garoupa', desc: 'Ginger, spring onion, superior soy; seasonal price', price: hkd(688) },
          { name: 'Wok-Fried Lobster', desc: 'Ginger, spring onion, e-fu noodles', price: hkd(788) },
          { name: 'Sweet and Sour Prawns', desc: 'Pineapple, peppers', price: hkd(298) },
        ],
      },
      {
        title: 'Meat & Poultry',
        items: [
          { name: 'Crispy Salted Chicken', desc: 'Half, prawn crackers', price: hkd(298) },
          { name: 'Wok-Fried Wagyu Beef', desc: 'Black pepper, garlic, asparagus', price: hkd(428) },
          { name: 'Sweet and Sour Pork', desc: 'Hawthorn glaze, pineapple', price: hkd(218) },
        ],
      },
      {
        title: 'Vegetables, Rice & Noodles',
        items: [
          { name: 'Seasonal Greens', desc: 'Garlic, oyster sauce or superior broth', price: hkd(138) },
          { name: 'Ma Po Tofu', desc: 'Minced beef, Sichuan peppercorn', price: hkd(148) },
          { name: 'Yeung Chow Fried Rice', desc: 'Char siu, shrimp, egg', price: hkd(188) },
          { name: 'Braised E-Fu Noodles', desc: 'Crab meat, yellow chives', price: hkd(228) },
        ],
      },
      {
        title: 'Desserts',
        items: [
          { name: 'Double-Skin Milk Pudding', desc: 'Ginger syrup', price: hkd(68) },
          { name: 'Almond Cream', desc: 'Egg white, served warm', price: hkd(68) },
        ],
      },
    ],
    footnote:
      'Private rooms are available for parties of eight or more: please contact our reservations team. ' +
      `${SERVICE_NOTE} ${ALLERGY_NOTE}`,
  },
  'obe-whisky.pdf': {
    domain: 'obe',
    title: 'Whisky List',
    subtitle: 'Prices per 30 ml',
    sections: [
      {
        title: 'Islay',
        items: [
          { name: 'Lagavulin 16 Year Old', desc: '43%  ·  peat smoke, iodine, dried fruit', price: hkd(168) },
          { name: 'Laphroaig 10 Year Old', desc: '40%  ·  medicinal, seaweed, vanilla', price: hkd(128) },
          { name: 'Ardbeg Uigeadail', desc: '54.2%  ·  sherry, espresso, bonfire', price: hkd(188) },
          { name: 'Bruichladdich The Classic Laddie', desc: '50%  ·  unpeated, barley, sea air', price: hkd(138) },
        ],
      },
      {
        title: 'Speyside',
        items: [
          { name: 'The Macallan 12 Year Old Sherry Oak', desc: '40%  ·  dried fruit, ginger, toffee', price: hkd(198) },
          { name: 'Glenfarclas 15 Year Old', desc: '46%  ·  Christmas cake, walnut', price: hkd(158) },
          { name: 'Aberlour A’bunadh', desc: 'Cask strength  ·  sherry, orange, dark chocolate', price: hkd(178) },
          { name: 'Balvenie 14 Year Old Caribbean Cask', desc: '43%  ·  rum cask, toffee, tropical fruit', price: hkd(168) },
        ],
      },
      {
        title: 'Highlands & Islands',
        items: [
          { name: 'Springbank 10 Year Old', desc: '46%  ·  brine, pear, light peat', price: hkd(198) },
          { name: 'Talisker 10 Year Old', desc: '45.8%  ·  pepper, smoke, sea salt', price: hkd(128) },
          { name: 'Highland Park 18 Year Old', desc: '43%  ·  heather honey, gentle peat', price: hkd(288) },
          { name: 'Clynelish 14 Year Old', desc: '46%  ·  waxy, citrus, honey', price: hkd(148) },
        ],
      },
      {
        title: 'Japan',
        items: [
          { name: 'Yamazaki 12 Year Old', desc: '43%  ·  peach, mizunara oak, clove', price: hkd(268) },
          { name: 'Hakushu 12 Year Old', desc: '43%  ·  green apple, mint, soft smoke', price: hkd(268) },
          { name: 'Hibiki Japanese Harmony', desc: '43%  ·  honey, orange peel, white chocolate', price: hkd(188) },
          { name: 'Chichibu The First Ten', desc: '50.5%  ·  malt, citrus, oak', price: hkd(388) },
        ],
      },
      {
        title: 'Rare & Old',
        note: 'Limited pours, while stocks last',
        items: [
          { name: 'Port Ellen 40 Year Old', desc: 'Islay, closed distillery, 1979 vintage', price: hkd(4800) },
          { name: 'The Macallan 25 Year Old Sherry Oak', desc: 'Speyside', price: hkd(3200) },
          { name: 'Karuizawa 1999', desc: 'Japan, closed distillery, single cask', price: hkd(3800) },
        ],
      },
    ],
    footnote: `${SERVICE_NOTE} Please drink responsibly. Guests must be 18 or over.`,
  },
  'obe-cocktails.pdf': {
    domain: 'obe',
    title: 'Cocktails & Bar Bites',
    sections: [
      {
        title: 'Signature Cocktails',
        items: [
          { name: 'Ice House Old Fashioned', desc: 'Bourbon, demerara, orange and chocolate bitters', price: hkd(158) },
          { name: 'Peat & Plum', desc: 'Islay malt, umeshu, lemon, egg white', price: hkd(158) },
          { name: 'Central Manhattan', desc: 'Rye, sweet vermouth, oolong tea, cherry', price: hkd(158) },
          { name: 'Penicillin', desc: 'Blended Scotch, ginger, honey, lemon, Islay float', price: hkd(148) },
        ],
      },
      {
        title: 'Highballs',
        items: [
          { name: 'Toki Highball', desc: 'Suntory Toki, soda, lemon peel', price: hkd(118) },
          { name: 'Smoky Highball', desc: 'Talisker 10, soda, black pepper', price: hkd(138) },
          { name: 'Yuzu Highball', desc: 'Japanese blend, yuzu, soda', price: hkd(128) },
        ],
      },
      {
        title: 'Bar Bites',
        items: [
          { name: 'Smoked Almonds', price: hkd(58) },
          { name: 'Scotch Egg', desc: 'Black pudding, brown sauce', price: hkd(98) },
          { name: 'Wagyu Sando', desc: 'Milk bread, katsu sauce', price: hkd(288) },
          { name: 'Charcuterie & Cheese', desc: 'Cured meats, three cheeses, pickles, bread', price: hkd(238) },
          { name: 'Dark Chocolate Truffles', desc: 'Whisky ganache', price: hkd(78) },
        ],
      },
    ],
    footnote: `${SERVICE_NOTE} Please drink responsibly. Guests must be 18 or over.`,
  },
};

/** The content of the menu with this file name, or undefined for an unknown one. */
export function menuContent(fileName: string): MenuDocumentContent | undefined {
  // Own properties only: '__proto__' or 'toString' are not menus.
  return Object.hasOwn(MENU_CONTENT, fileName) ? MENU_CONTENT[fileName] : undefined;
}
