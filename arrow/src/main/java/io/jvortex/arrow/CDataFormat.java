package io.jvortex.arrow;

import io.jvortex.error.VortexException;
import java.util.ArrayList;
import java.util.List;

/** The format strings of the Arrow C Data Interface, to and from {@link ArrowType}. */
final class CDataFormat {
    private CDataFormat() {
    }

    private static final String UNITS = "smun";

    /**
     * @param t a type
     * @return its format string
     */
    static String format(ArrowType t) {
        return switch (t) {
            case ArrowType.Null x -> "n";
            case ArrowType.Bool x -> "b";
            case ArrowType.Int i -> switch (i.bitWidth()) {
                case 8 -> i.signed() ? "c" : "C";
                case 16 -> i.signed() ? "s" : "S";
                case 32 -> i.signed() ? "i" : "I";
                default -> i.signed() ? "l" : "L";
            };
            case ArrowType.FloatingPoint f -> switch (f.precision()) {
                case HALF -> "e";
                case SINGLE -> "f";
                case DOUBLE -> "g";
            };
            case ArrowType.Decimal d -> "d:" + d.precision() + "," + d.scale()
                    + (d.bitWidth() == 128 ? "" : "," + d.bitWidth());
            case ArrowType.Utf8 x -> "u";
            case ArrowType.LargeUtf8 x -> "U";
            case ArrowType.Utf8View x -> "vu";
            case ArrowType.Binary x -> "z";
            case ArrowType.LargeBinary x -> "Z";
            case ArrowType.BinaryView x -> "vz";
            case ArrowType.FixedSizeBinary f -> "w:" + f.byteWidth();
            case ArrowType.Date d -> d.unit() == ArrowType.DateUnit.DAY ? "tdD" : "tdm";
            case ArrowType.Time tm -> "tt" + UNITS.charAt(tm.unit().ordinal());
            case ArrowType.Timestamp ts -> "ts" + UNITS.charAt(ts.unit().ordinal()) + ":"
                    + (ts.timezone() == null ? "" : ts.timezone());
            case ArrowType.Duration d -> "tD" + UNITS.charAt(d.unit().ordinal());
            case ArrowType.Interval iv -> switch (iv.unit()) {
                case YEAR_MONTH -> "tiM";
                case DAY_TIME -> "tiD";
                case MONTH_DAY_NANO -> "tin";
            };
            case ArrowType.List x -> "+l";
            case ArrowType.LargeList x -> "+L";
            case ArrowType.ListView x -> "+vl";
            case ArrowType.LargeListView x -> "+vL";
            case ArrowType.FixedSizeList f -> "+w:" + f.listSize();
            case ArrowType.Struct x -> "+s";
            case ArrowType.Map x -> "+m";
            case ArrowType.RunEndEncoded x -> "+r";
            case ArrowType.Union u -> {
                StringBuilder sb = new StringBuilder(u.mode() == ArrowType.UnionMode.DENSE ? "+ud:" : "+us:");
                List<Integer> ids = u.typeIds() == null ? List.of() : u.typeIds();
                for (int i = 0; i < ids.size(); i++) {
                    sb.append(i == 0 ? "" : ",").append(ids.get(i));
                }
                yield sb.toString();
            }
        };
    }

    /**
     * @param format a format string
     * @param keysSorted the map flag, for {@code +m}
     * @param children how many children the schema has, for unions without type ids
     * @return the type
     * @throws VortexException for an unknown or malformed format
     */
    static ArrowType parse(String format, boolean keysSorted, int children) {
        try {
            return parseOrNull(format, keysSorted, children);
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new VortexException("Arrow C format '" + format + "': " + e.getMessage());
        }
    }

    private static ArrowType parseOrNull(String f, boolean keysSorted, int children) {
        switch (f) {
            case "n": return new ArrowType.Null();
            case "b": return new ArrowType.Bool();
            case "c": return new ArrowType.Int(8, true);
            case "C": return new ArrowType.Int(8, false);
            case "s": return new ArrowType.Int(16, true);
            case "S": return new ArrowType.Int(16, false);
            case "i": return new ArrowType.Int(32, true);
            case "I": return new ArrowType.Int(32, false);
            case "l": return new ArrowType.Int(64, true);
            case "L": return new ArrowType.Int(64, false);
            case "e": return new ArrowType.FloatingPoint(ArrowType.Precision.HALF);
            case "f": return new ArrowType.FloatingPoint(ArrowType.Precision.SINGLE);
            case "g": return new ArrowType.FloatingPoint(ArrowType.Precision.DOUBLE);
            case "u": return new ArrowType.Utf8();
            case "U": return new ArrowType.LargeUtf8();
            case "vu": return new ArrowType.Utf8View();
            case "z": return new ArrowType.Binary();
            case "Z": return new ArrowType.LargeBinary();
            case "vz": return new ArrowType.BinaryView();
            case "tdD": return new ArrowType.Date(ArrowType.DateUnit.DAY);
            case "tdm": return new ArrowType.Date(ArrowType.DateUnit.MILLISECOND);
            case "tiM": return new ArrowType.Interval(ArrowType.IntervalUnit.YEAR_MONTH);
            case "tiD": return new ArrowType.Interval(ArrowType.IntervalUnit.DAY_TIME);
            case "tin": return new ArrowType.Interval(ArrowType.IntervalUnit.MONTH_DAY_NANO);
            case "+l": return new ArrowType.List();
            case "+L": return new ArrowType.LargeList();
            case "+vl": return new ArrowType.ListView();
            case "+vL": return new ArrowType.LargeListView();
            case "+s": return new ArrowType.Struct();
            case "+m": return new ArrowType.Map(keysSorted);
            case "+r": return new ArrowType.RunEndEncoded();
            default: break;
        }
        if (f.startsWith("d:")) {
            String[] p = f.substring(2).split(",");
            if (p.length < 2 || p.length > 3) {
                throw new IllegalArgumentException("decimal needs precision, scale[, bit width]");
            }
            return new ArrowType.Decimal(Integer.parseInt(p[0]), Integer.parseInt(p[1]),
                    p.length == 3 ? Integer.parseInt(p[2]) : 128);
        }
        if (f.startsWith("w:")) {
            return new ArrowType.FixedSizeBinary(nonNegative(Integer.parseInt(f.substring(2))));
        }
        if (f.startsWith("+w:")) {
            return new ArrowType.FixedSizeList(nonNegative(Integer.parseInt(f.substring(3))));
        }
        if (f.length() == 3 && f.startsWith("tt")) {
            ArrowType.TimeUnit u = unit(f.charAt(2));
            return new ArrowType.Time(u, u.ordinal() < 2 ? 32 : 64);
        }
        if (f.length() == 3 && f.startsWith("tD")) {
            return new ArrowType.Duration(unit(f.charAt(2)));
        }
        if (f.length() >= 4 && f.startsWith("ts") && f.charAt(3) == ':') {
            String tz = f.substring(4);
            return new ArrowType.Timestamp(unit(f.charAt(2)), tz.isEmpty() ? null : tz);
        }
        if (f.startsWith("+ud:") || f.startsWith("+us:")) {
            List<Integer> ids = new ArrayList<>();
            String rest = f.substring(4);
            if (!rest.isEmpty()) {
                for (String id : rest.split(",")) {
                    ids.add(Integer.parseInt(id));
                }
            } else {
                for (int i = 0; i < children; i++) {
                    ids.add(i);
                }
            }
            return new ArrowType.Union(f.charAt(2) == 'd' ? ArrowType.UnionMode.DENSE : ArrowType.UnionMode.SPARSE,
                    ids);
        }
        throw new IllegalArgumentException("unknown format");
    }

    private static int nonNegative(int v) {
        if (v < 0) {
            throw new IllegalArgumentException("negative size " + v);
        }
        return v;
    }

    private static ArrowType.TimeUnit unit(char c) {
        int i = UNITS.indexOf(c);
        if (i < 0) {
            throw new IllegalArgumentException("unknown time unit '" + c + "'");
        }
        return ArrowType.TimeUnit.values()[i];
    }
}
