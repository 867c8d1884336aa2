package io.jvortex.csv;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.error.VortexException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Column types written as text, for {@link CsvOptions#schema()} and {@code jvx convert --schema}:
 * {@code "name:type,name:type,..."}.
 *
 * <p>Types (case-insensitive): {@code i8 i16 i32 i64 u8 u16 u32 u64 f32 f64}, {@code bool},
 * {@code utf8} (or {@code string}), {@code decimal(p,s)}, {@code date}, {@code timestamp} (µs, no time
 * zone), {@code timestamp[UNIT]} and {@code timestamp[UNIT,tz=ZONE]} with UNIT one of {@code s ms us ns};
 * the forms {@code jvx schema} prints ({@code vortex.date(d)}, {@code vortex.timestamp(us, tz=UTC)})
 * are accepted too. Every column is nullable unless its type ends with {@code !} (or the word
 * {@code not null}); a {@code ?} suffix (or the word {@code nullable}) says nullable explicitly. A
 * column name is everything before the first {@code :} of its entry; commas inside brackets do not
 * separate entries.
 */
public final class CsvSchema {
    private static final Pattern DECIMAL = Pattern.compile("decimal\\((\\d+),(-?\\d+)\\)");
    private static final Pattern TIMESTAMP = Pattern.compile(
            "(?:timestamp\\[|vortex\\.timestamp\\()(s|ms|us|ns)(?:,tz=([^\\])]+))?[\\])]");

    private CsvSchema() {
    }

    /**
     * Parses {@code "name:type,..."}.
     *
     * @param text the column types
     * @return the types by column name, in the given order
     * @throws IllegalArgumentException naming the entry that cannot be parsed
     */
    public static Map<String, DType> parse(String text) {
        Map<String, DType> types = new LinkedHashMap<>();
        for (String entry : splitTopLevel(text)) {
            int colon = entry.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("schema entry '" + entry + "' is not name:type");
            }
            String name = entry.substring(0, colon).strip();
            if (types.put(name, type(entry.substring(colon + 1))) != null) {
                throw new IllegalArgumentException("schema names column '" + name + "' twice");
            }
        }
        return types;
    }

    /**
     * Parses one type.
     *
     * @param text e.g. {@code i64}, {@code decimal(10,2)!}, {@code timestamp[ms,tz=UTC]}
     * @return the dtype
     * @throws IllegalArgumentException when it is not one of the types {@link CsvSchema} lists
     */
    public static DType type(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT).replace(" ", "");
        boolean nullable = true;
        if (t.endsWith("!") || t.endsWith("notnull")) {
            nullable = false;
            t = t.substring(0, t.length() - (t.endsWith("!") ? 1 : "notnull".length()));
        } else if (t.endsWith("?") || t.endsWith("nullable")) {
            t = t.substring(0, t.length() - (t.endsWith("?") ? 1 : "nullable".length()));
        }
        Matcher m;
        try {
            return switch (t) {
                case "bool", "boolean" -> new DType.Bool(nullable);
                case "utf8", "string", "str" -> new DType.Utf8(nullable);
                case "date", "vortex.date(d)" -> Extensions.date(TimeUnit.DAYS, nullable);
                case "timestamp" -> Extensions.timestamp(TimeUnit.MICROSECONDS, null, nullable);
                case "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64" ->
                        new DType.Primitive(PType.valueOf(t.toUpperCase(Locale.ROOT)), nullable);
                default -> {
                    if ((m = DECIMAL.matcher(t)).matches()) {
                        yield new DType.Decimal(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), nullable);
                    }
                    if ((m = TIMESTAMP.matcher(t)).matches()) {
                        // the zone keeps its spelling (America/New_York)
                        String zone = m.group(2) == null ? null : zoneAsWritten(text, m.group(2));
                        yield Extensions.timestamp(unit(m.group(1)), zone, nullable);
                    }
                    throw new IllegalArgumentException("unknown type '" + text.strip() + "' (expected one of i8 i16 "
                            + "i32 i64 u8 u16 u32 u64 f32 f64 bool utf8 decimal(p,s) date timestamp[us,tz=UTC], "
                            + "with ! for not null)");
                }
            };
        } catch (VortexException | NumberFormatException e) {
            throw new IllegalArgumentException("bad type '" + text.strip() + "': " + e.getMessage(), e);
        }
    }

    /**
     * The short name of a type that {@link #type} reads back ({@code i64}, {@code decimal(18,2)},
     * {@code timestamp[us,tz=UTC]}, …), without nullability.
     *
     * @param type a type
     * @return its name
     */
    public static String name(DType type) {
        return switch (type) {
            case DType.Bool b -> "bool";
            case DType.Utf8 u -> "utf8";
            case DType.Primitive p -> p.ptype().displayName();
            case DType.Decimal d -> "decimal(" + d.precision() + "," + d.scale() + ")";
            case DType.Extension e -> switch (Extensions.kind(e).orElse(null)) {
                case Extensions.DateKind d -> "date";
                case Extensions.TimestampKind ts -> "timestamp[" + ts.unit().symbol()
                        + ts.timeZone().map(z -> ",tz=" + z).orElse("") + "]";
                case null, default -> e.display();
            };
            default -> type.display();
        };
    }

    private static TimeUnit unit(String symbol) {
        return switch (symbol) {
            case "s" -> TimeUnit.SECONDS;
            case "ms" -> TimeUnit.MILLISECONDS;
            case "us" -> TimeUnit.MICROSECONDS;
            default -> TimeUnit.NANOSECONDS;
        };
    }

    private static String zoneAsWritten(String original, String lower) {
        String compact = original.replace(" ", "");
        int at = compact.toLowerCase(Locale.ROOT).indexOf("tz=" + lower);
        return at < 0 ? lower : compact.substring(at + 3, at + 3 + lower.length());
    }

    private static List<String> splitTopLevel(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ',';
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if (c == ',' && depth <= 0) {
                String part = text.substring(start, i).strip();
                if (!part.isEmpty()) {
                    parts.add(part);
                }
                start = i + 1;
            }
        }
        return parts;
    }
}
