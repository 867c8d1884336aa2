package io.jvortex.expr;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.scalar.Scalar;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.stream.Collectors;

/** Renders expressions in the text syntax (fully parenthesised, so precedence never matters). */
final class ExprText {
    private ExprText() {
    }

    static String render(Expr e) {
        return switch (e) {
            case Expr.Column c -> c.path().stream().map(ExprText::name).collect(Collectors.joining("."));
            case Expr.Literal l -> literal(l.value());
            case Expr.Compare c -> "(" + render(c.left()) + " " + c.op().symbol() + " " + render(c.right()) + ")";
            case Expr.And a -> "(" + render(a.left()) + " AND " + render(a.right()) + ")";
            case Expr.Or o -> "(" + render(o.left()) + " OR " + render(o.right()) + ")";
            case Expr.Not n -> "(NOT " + render(n.child()) + ")";
            case Expr.In in -> "(" + render(in.value()) + " IN ("
                    + in.list().stream().map(ExprText::render).collect(Collectors.joining(", ")) + "))";
            case Expr.IsNull n -> "(" + render(n.child()) + " IS NULL)";
            case Expr.IsNotNull n -> "(" + render(n.child()) + " IS NOT NULL)";
            case Expr.Between b -> "(" + render(b.value()) + " BETWEEN " + render(b.low()) + " AND "
                    + render(b.high()) + ")";
            case Expr.Like l -> "(" + render(l.value()) + " LIKE " + quote(l.pattern()) + ")";
            case Expr.StartsWith s -> "STARTS_WITH(" + render(s.value()) + ", " + quote(s.prefix()) + ")";
        };
    }

    private static String name(String n) {
        return n.matches("[A-Za-z_][A-Za-z0-9_]*") && !isKeyword(n) ? n : "\"" + n.replace("\"", "\"\"") + "\"";
    }

    private static boolean isKeyword(String n) {
        return switch (n.toUpperCase(java.util.Locale.ROOT)) {
            case "AND", "OR", "NOT", "IN", "IS", "NULL", "TRUE", "FALSE", "BETWEEN", "LIKE", "DATE", "TIME",
                 "TIMESTAMP", "STARTS_WITH" -> true;
            default -> false;
        };
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    static String literal(Scalar s) {
        if (s.isNull()) {
            return "NULL";
        }
        DType t = s.dtype();
        if (t instanceof DType.Extension ext) {
            var kind = Extensions.kind(ext);
            if (kind.isPresent()) {
                long v = s.asLong();
                switch (kind.get()) {
                    case Extensions.DateKind d -> {
                        long days = d.unit() == io.jvortex.dtype.TimeUnit.DAYS ? v : Math.floorDiv(v, 86_400_000L);
                        return "DATE '" + LocalDate.ofEpochDay(days) + "'";
                    }
                    case Extensions.TimeKind tk -> {
                        return "TIME '" + LocalTime.ofNanoOfDay(v * (1_000_000_000L / tk.unit().ticksPerSecond())) + "'";
                    }
                    case Extensions.TimestampKind ts -> {
                        long per = 1_000_000_000L / ts.unit().ticksPerSecond();
                        long seconds = Math.floorDiv(v, 1_000_000_000L / per);
                        long nanos = Math.floorMod(v, 1_000_000_000L / per) * per;
                        return "TIMESTAMP '" + Instant.ofEpochSecond(seconds, nanos).atOffset(ZoneOffset.UTC)
                                .toLocalDateTime() + "'";
                    }
                    case Extensions.UuidKind u -> {
                    }
                }
            }
            return literal(new Scalar(ext.storage(), s.value()));
        }
        return switch (t) {
            case DType.Bool b -> ((Boolean) s.value()) ? "TRUE" : "FALSE";
            case DType.Primitive p -> switch (p.ptype()) {
                case U64 -> Long.toUnsignedString(s.asLong());
                case F16, F32, F64 -> floatText(s.asDouble());
                default -> Long.toString(s.asLong());
            };
            case DType.Decimal d -> decimalText(new BigDecimal((BigInteger) s.value(), d.scale()));
            case DType.Utf8 u -> quote(new String(s.asBytes(), StandardCharsets.UTF_8));
            case DType.Binary b -> "X'" + HexFormat.of().formatHex(s.asBytes()) + "'";
            default -> s.toString();
        };
    }

    /**
     * A float literal as the parser reads it back as the same {@code f64}: with an exponent (a
     * number with only a point is a decimal), infinities as an exponent beyond the range.
     */
    private static String floatText(double v) {
        if (Double.isInfinite(v)) {
            return v > 0 ? "1e999" : "-1e999";
        }
        String text = Double.toString(v);
        return text.indexOf('E') >= 0 || Double.isNaN(v) ? text : text + "e0";
    }

    /**
     * A decimal literal as the parser reads it back as the same decimal: an integral one within
     * {@code i64} gets a trailing point, since without one it would be an {@code i64}.
     */
    private static String decimalText(BigDecimal d) {
        String text = d.toPlainString();
        if (d.scale() <= 0 && text.indexOf('.') < 0 && d.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0
                && d.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0) {
            return text + ".";
        }
        return text;
    }
}
