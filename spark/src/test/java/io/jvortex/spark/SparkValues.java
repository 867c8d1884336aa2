package io.jvortex.spark;

import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Converts Spark's external row values into the Java values of {@link TypeSpec} (so that
 * {@link io.jvortex.testing.CanonicalRows} renders them as the Rust oracle does), and Spark schemas
 * into the table specs the connector writes them as.
 */
final class SparkValues {
    private SparkValues() {
    }

    /** The table spec a Spark schema is written as (see {@code SparkTypes.toVortex}). */
    static TableSpec spec(StructType schema) {
        List<TypeSpec.Field> fields = new ArrayList<>();
        for (StructField f : schema.fields()) {
            fields.add(new TypeSpec.Field(f.name(), spec(f.dataType(), f.nullable())));
        }
        return new TableSpec(fields);
    }

    static TypeSpec spec(DataType t, boolean nullable) {
        if (t instanceof BooleanType) {
            return new TypeSpec.Bool(nullable);
        } else if (t instanceof ByteType) {
            return new TypeSpec.Primitive(TypeSpec.PrimitiveKind.I8, nullable);
        } else if (t instanceof ShortType) {
            return new TypeSpec.Primitive(TypeSpec.PrimitiveKind.I16, nullable);
        } else if (t instanceof IntegerType) {
            return new TypeSpec.Primitive(TypeSpec.PrimitiveKind.I32, nullable);
        } else if (t instanceof LongType) {
            return new TypeSpec.Primitive(TypeSpec.PrimitiveKind.I64, nullable);
        } else if (t instanceof FloatType) {
            return new TypeSpec.Primitive(TypeSpec.PrimitiveKind.F32, nullable);
        } else if (t instanceof DoubleType) {
            return new TypeSpec.Primitive(TypeSpec.PrimitiveKind.F64, nullable);
        } else if (t instanceof DecimalType d) {
            return new TypeSpec.Decimal(d.precision(), d.scale(), nullable);
        } else if (t instanceof StringType) {
            return new TypeSpec.Utf8(nullable);
        } else if (t instanceof BinaryType) {
            return new TypeSpec.Binary(nullable);
        } else if (t instanceof DateType) {
            return new TypeSpec.Date(TypeSpec.DateUnit.DAYS, nullable);
        } else if (t instanceof TimestampType) {
            return new TypeSpec.Timestamp(TimeUnit.MICROSECONDS, "UTC", nullable);
        } else if (t instanceof TimestampNTZType) {
            return new TypeSpec.Timestamp(TimeUnit.MICROSECONDS, null, nullable);
        } else if (t instanceof ArrayType a) {
            return new TypeSpec.ListOf(spec(a.elementType(), a.containsNull()), nullable);
        } else if (t instanceof MapType m) {
            return new TypeSpec.MapOf(spec(m.keyType(), false), spec(m.valueType(), m.valueContainsNull()), nullable);
        } else if (t instanceof StructType s) {
            List<TypeSpec.Field> fields = new ArrayList<>();
            for (StructField f : s.fields()) {
                fields.add(new TypeSpec.Field(f.name(), spec(f.dataType(), f.nullable())));
            }
            return new TypeSpec.Struct(fields, nullable);
        }
        throw new IllegalArgumentException("no spec for " + t);
    }

    /** A row's values as the spec's Java values. */
    static List<Object> row(Row row, TableSpec spec) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < spec.columns().size(); i++) {
            out.add(value(row.get(i), spec.columns().get(i).type()));
        }
        return out;
    }

    /**
     * One value.
     *
     * @param v Spark's external value (as {@code Row.get} returns it)
     * @param type the spec the value is held as
     * @return the spec's Java value
     */
    static Object value(Object v, TypeSpec type) {
        if (v == null) {
            return null;
        }
        return switch (type) {
            case TypeSpec.Null n -> null;
            case TypeSpec.Bool b -> v;
            case TypeSpec.Primitive p -> switch (p.kind()) {
                case F16 -> Float.floatToFloat16((Float) v);
                case F32, F64 -> v;
                case U64 -> ((BigDecimal) v).toBigIntegerExact().longValue();
                default -> ((Number) v).longValue();
            };
            case TypeSpec.Decimal d -> v instanceof String s
                    ? new BigDecimal(s).setScale(d.scale()).unscaledValue()
                    : ((BigDecimal) v).setScale(d.scale()).unscaledValue();
            case TypeSpec.Utf8 u -> v;
            case TypeSpec.Binary b -> v;
            case TypeSpec.Date d -> d.unit() == TypeSpec.DateUnit.DAYS ? ((LocalDate) v).toEpochDay()
                    : ((LocalDate) v).toEpochDay() * 86_400_000L;
            case TypeSpec.Timestamp ts -> {
                Instant instant = v instanceof LocalDateTime l ? l.toInstant(ZoneOffset.UTC) : (Instant) v;
                yield inUnit(BigInteger.valueOf(instant.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000_000L))
                        .add(BigInteger.valueOf(instant.getNano())), ts.unit());
            }
            case TypeSpec.Time t -> inUnit(BigInteger.valueOf(v instanceof LocalTime lt ? lt.toNanoOfDay() : (Long) v), t.unit());
            case TypeSpec.Struct s -> {
                Row r = (Row) v;
                List<Object> fields = new ArrayList<>();
                for (int i = 0; i < s.fields().size(); i++) {
                    fields.add(value(r.get(i), s.fields().get(i).type()));
                }
                yield fields;
            }
            case TypeSpec.ListOf l -> elements(v, l.element());
            case TypeSpec.FixedSizeList l -> elements(v, l.element());
            case TypeSpec.MapOf m -> {
                List<Object> entries = new ArrayList<>();
                for (var e : CollectionConverters.asJava((scala.collection.Map<?, ?>) v).entrySet()) {
                    entries.add(java.util.Arrays.asList(value(e.getKey(), m.key()), value(e.getValue(), m.value())));
                }
                yield entries;
            }
            default -> throw new IllegalArgumentException("no value conversion for " + type);
        };
    }

    private static List<Object> elements(Object v, TypeSpec element) {
        List<Object> out = new ArrayList<>();
        for (Object e : CollectionConverters.asJava((scala.collection.Seq<?>) v)) {
            out.add(value(e, element));
        }
        return out;
    }

    private static long inUnit(BigInteger nanos, TimeUnit unit) {
        return switch (unit) {
            case SECONDS -> floorDiv(nanos, 1_000_000_000L);
            case MILLISECONDS -> floorDiv(nanos, 1_000_000L);
            case MICROSECONDS -> floorDiv(nanos, 1_000L);
            default -> nanos.longValueExact();
        };
    }

    private static long floorDiv(BigInteger n, long d) {
        BigInteger[] qr = n.divideAndRemainder(BigInteger.valueOf(d));
        BigInteger q = qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
        return q.longValueExact();
    }
}
