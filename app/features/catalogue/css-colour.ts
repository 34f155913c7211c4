/**
 * A colour a product comes in is stored as a CSS colour value and painted into the swatches' style attribute,
 * so only plain colour values are accepted (never anything that could end the declaration and start another):
 * hex (#rgb, #rgba, #rrggbb, #rrggbbaa), rgb()/rgba() with numbers, hsl()/hsla(), or a CSS colour name.
 */

const NAMED_COLOURS = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown " +
    "burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan " +
    "darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred " +
    "darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink " +
    "deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold " +
    "goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush " +
    "lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey " +
    "lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow " +
    "lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen " +
    "mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin " +
    "navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise " +
    "palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue " +
    "saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow " +
    "springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen"
  ).split(" "),
);

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const ALPHA = String.raw`(?:0|1|0?\.\d{1,3}|1\.0{1,3}|\d{1,2}%|100%)`;
const RGB = new RegExp(String.raw`^rgba?\((\d{1,3}), (\d{1,3}), (\d{1,3})(?:, ${ALPHA})?\)$`);
const HSL = new RegExp(String.raw`^hsla?\((\d{1,3}), (\d{1,3})%, (\d{1,3})%(?:, ${ALPHA})?\)$`);

/**
 * The colour as the shop stores it (lower case, functions written `rgb(1, 2, 3)`), or undefined when it is not
 * one of the accepted forms.
 */
export function normaliseCssColour(typed: string): string | undefined {
  const text = typed
    .trim()
    .toLowerCase()
    .replace(/\s*([(),])\s*/g, "$1")
    .replace(/,/g, ", ");
  if (text.length > 40) return undefined;
  if (HEX.test(text) || NAMED_COLOURS.has(text)) return text;
  const rgb = RGB.exec(text);
  if (rgb) return rgb.slice(1, 4).every((part) => Number(part) <= 255) ? text : undefined;
  const hsl = HSL.exec(text);
  if (hsl) {
    const [hue, saturation, lightness] = hsl.slice(1, 4).map(Number);
    return (hue ?? 0) <= 360 && (saturation ?? 0) <= 100 && (lightness ?? 0) <= 100 ? text : undefined;
  }
  return undefined;
}
