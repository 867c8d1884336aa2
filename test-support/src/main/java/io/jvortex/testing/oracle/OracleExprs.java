package io.jvortex.testing.oracle;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.expr.Expr;
import io.jvortex.scalar.Scalar;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Bound predicates as the JSON trees {@code oracle.py}'s {@code read_filtered} turns into {@code vortex.expr}. */
final class OracleExprs {
    private OracleExprs() {
    }

    static Map<String, Object> toJson(Expr e) {
        Map<String, Object> m = new LinkedHashMap<>();
        switch (e) {
            case Expr.Column c -> {
                m.put("kind", "column");
                m.put("path", c.path());
            }
            case Expr.Literal l -> {
                m.put("kind", "literal");
                m.put("dtype", dtype(l.value().dtype()));
                m.put("value", value(l.value()));
            }
            case Expr.Compare c -> {
                m.put("kind", "compare");
                m.put("op", c.op().symbol());
                m.put("left", toJson(c.left()));
                m.put("right", toJson(c.right()));
            }
            case Expr.And a -> {
                m.put("kind", "and");
                m.put("left", toJson(a.left()));
                m.put("right", toJson(a.right()));
            }
            case Expr.Or o -> {
                m.put("kind", "or");
                m.put("left", toJson(o.left()));
                m.put("right", toJson(o.right()));
            }
            case Expr.Not n -> {
                m.put("kind", "not");
                m.put("child", toJson(n.child()));
            }
            case Expr.IsNull n -> {
                m.put("kind", "is_null");
                m.put("child", toJson(n.child()));
            }
            case Expr.IsNotNull n -> {
                m.put("kind", "is_not_null");
                m.put("child", toJson(n.child()));
            }
            case Expr.In in -> {
                m.put("kind", "in");
                m.put("value", toJson(in.value()));
                List<Object> items = new ArrayList<>();
                for (Expr item : in.list()) {
                    items.add(toJson(item));
                }
                m.put("items", items);
            }
            case Expr.Like l -> {
                m.put("kind", "like");
                m.put("value", toJson(l.value()));
                m.put("pattern", l.pattern());
            }
            case Expr.StartsWith s -> {
                m.put("kind", "like");
                m.put("value", toJson(s.value()));
                m.put("pattern", s.prefix().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%");
            }
            case Expr.Between b -> throw new IllegalArgumentException("bind the predicate first: " + e.sql());
        }
        return m;
    }

    private static Map<String, Object> dtype(DType t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("nullable", t.nullable());
        switch (t) {
            case DType.Bool b -> m.put("type", "bool");
            case DType.Null n -> m.put("type", "bool");
            case DType.Primitive p -> m.put("type", p.ptype().displayName());
            case DType.Decimal d -> {
                m.put("type", "decimal");
                m.put("precision", d.precision());
                m.put("scale", d.scale());
            }
            case DType.Utf8 u -> m.put("type", "utf8");
            case DType.Binary b -> m.put("type", "binary");
            case DType.Extension ext -> {
                switch (Extensions.kind(ext).orElseThrow()) {
                    case Extensions.DateKind d -> {
                        m.put("type", "date");
                        m.put("unit", d.unit() == TimeUnit.DAYS ? "days" : "ms");
                    }
                    case Extensions.TimeKind tk -> {
                        m.put("type", "time");
                        m.put("unit", tk.unit().symbol());
                    }
                    case Extensions.TimestampKind ts -> {
                        m.put("type", "timestamp");
                        m.put("unit", ts.unit().symbol());
                        m.put("tz", ts.timeZone().orElse(null));
                    }
                    case Extensions.UuidKind u -> throw new IllegalArgumentException("no uuid literals");
                }
            }
            default -> throw new IllegalArgumentException("no oracle literal of " + t.display());
        }
        return m;
    }

    private static Object value(Scalar s) {
        if (s.isNull()) {
            return null;
        }
        DType t = s.dtype() instanceof DType.Extension e ? e.storage() : s.dtype();
        return switch (t) {
            case DType.Bool b -> s.value();
            case DType.Primitive p when p.ptype().isFloat() -> Double.toString(s.asDouble());
            case DType.Primitive p when p.ptype() == io.jvortex.dtype.PType.U64 -> new BigInteger(
                    Long.toUnsignedString(s.asLong()));
            case DType.Primitive p -> s.asLong();
            case DType.Decimal d -> Map.of("unscaled", s.value().toString(), "scale", d.scale());
            case DType.Utf8 u -> new String(s.asBytes(), java.nio.charset.StandardCharsets.UTF_8);
            case DType.Binary b -> HexFormat.of().formatHex(s.asBytes());
            default -> throw new IllegalArgumentException("no oracle literal of " + t.display());
        };
    }
}
