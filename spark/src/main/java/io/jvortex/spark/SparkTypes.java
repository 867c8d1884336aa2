package io.jvortex.spark;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimeType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * The mapping between Vortex dtypes and Spark SQL types.
 *
 * <p>Reading: signed integers keep their width; unsigned ones widen to the next signed type
 * ({@code u8 → short}, {@code u16 → int}, {@code u32 → long}) and {@code u64} becomes
 * {@code decimal(20,0)}; {@code f16} widens to {@code float}; decimals up to precision 38 keep
 * theirs, wider ones (up to 76) become {@code string} holding the exact plain decimal text, since
 * Spark has no wider decimal; dates are {@code date}; timestamps with a time zone are
 * {@code timestamp} (instants), without one {@code timestamp_ntz}, both in microseconds (a
 * nanosecond unit is floored to microseconds); times become {@code time(p)} with the unit's
 * precision when {@code spark.sql.timeType.enabled} is on, else {@code long} nanoseconds since
 * midnight; lists and fixed-size lists are arrays, maps are maps, structs are structs, the null
 * dtype is {@code void}.
 *
 * <p>Writing maps each Spark type to the Vortex dtype it reads back as: {@code byte/short/int/long} to
 * {@code i8/i16/i32/i64}, {@code timestamp} to a microsecond timestamp in UTC, {@code timestamp_ntz}
 * to one without zone, {@code time(p)} to a nanosecond time.
 */
public final class SparkTypes {
    private SparkTypes() {
    }

    /**
     * The Spark schema a Vortex file schema reads as.
     *
     * @param schema a Vortex file schema (a struct)
     * @return the Spark struct
     * @throws UnsupportedOperationException for a dtype Spark cannot hold (unions, variants, opaque extensions)
     */
    public static StructType toSpark(DType schema) {
        return toSpark(schema, timeTypeEnabled());
    }

    /**
     * The Spark schema a Vortex file schema reads as.
     *
     * @param schema a Vortex file schema (a struct)
     * @param timeType whether times read as Spark's {@code time} type (else as {@code long} nanoseconds)
     * @return the Spark struct
     */
    public static StructType toSpark(DType schema, boolean timeType) {
        if (!(schema instanceof DType.Struct s)) {
            throw new UnsupportedOperationException("a Vortex file to read as a table must hold a struct, not "
                    + schema.display());
        }
        return structToSpark(s, "", timeType);
    }

    /**
     * Whether the session enables Spark's {@code time} type ({@code spark.sql.timeType.enabled}, off by
     * default in Spark 4.2); without it Vortex times read as {@code long} nanoseconds since midnight.
     *
     * @return the setting of the current session (false on executors without one)
     */
    static boolean timeTypeEnabled() {
        return Boolean.parseBoolean(org.apache.spark.sql.internal.SQLConf.get()
                .getConfString("spark.sql.timeType.enabled", "false"));
    }

    private static StructType structToSpark(DType.Struct s, String prefix, boolean timeType) {
        List<StructField> fields = new ArrayList<>(s.names().size());
        for (int i = 0; i < s.names().size(); i++) {
            String name = s.names().get(i);
            DType t = s.fields().get(i);
            fields.add(new StructField(name, toSpark(t, prefix + name, timeType), t.nullable(), Metadata.empty()));
        }
        return new StructType(fields.toArray(StructField[]::new));
    }

    /**
     * The Spark type of one Vortex dtype.
     *
     * @param t the dtype
     * @param path the column it belongs to, for error messages
     * @param timeType whether times read as Spark's {@code time} type (else as {@code long} nanoseconds)
     * @return the Spark type
     */
    public static DataType toSpark(DType t, String path, boolean timeType) {
        return switch (t) {
            case DType.Null n -> DataTypes.NullType;
            case DType.Bool b -> DataTypes.BooleanType;
            case DType.Primitive p -> switch (p.ptype()) {
                case I8 -> DataTypes.ByteType;
                case I16, U8 -> DataTypes.ShortType;
                case I32, U16 -> DataTypes.IntegerType;
                case I64, U32 -> DataTypes.LongType;
                case U64 -> DataTypes.createDecimalType(20, 0);
                case F16, F32 -> DataTypes.FloatType;
                case F64 -> DataTypes.DoubleType;
            };
            case DType.Decimal d -> decimal(d);
            case DType.Utf8 u -> DataTypes.StringType;
            case DType.Binary b -> DataTypes.BinaryType;
            case DType.Struct s -> structToSpark(s, path + ".", timeType);
            case DType.List l -> DataTypes.createArrayType(toSpark(l.element(), path + ".element", timeType),
                    l.element().nullable());
            case DType.FixedSizeList l -> DataTypes.createArrayType(toSpark(l.element(), path + ".element", timeType),
                    l.element().nullable());
            case DType.Map m -> DataTypes.createMapType(toSpark(m.key(), path + ".key", timeType),
                    toSpark(m.value(), path + ".value", timeType), m.value().nullable());
            case DType.Extension e -> switch (Extensions.kind(e).orElse(null)) {
                case Extensions.DateKind d -> DataTypes.DateType;
                case Extensions.TimestampKind ts -> ts.timeZone().isPresent()
                        ? DataTypes.TimestampType
                        : DataTypes.TimestampNTZType;
                case Extensions.TimeKind tk -> timeType ? TimeType.apply(tk.unit().fractionDigits()) : DataTypes.LongType;
                case null, default -> unsupported(t, path);
            };
            case DType.Union u -> unsupported(t, path);
            case DType.Variant v -> unsupported(t, path);
        };
    }

    /**
     * The Spark decimal type holding a Vortex decimal exactly: Spark needs {@code 0 <= scale <= precision
     * <= 38}, so a negative scale becomes scale 0 with the extra digits, a scale above the precision
     * widens the precision, and what does not fit in 38 digits becomes a string.
     *
     * @param d the Vortex decimal
     * @return a {@code DecimalType}, or {@code StringType}
     */
    static DataType decimal(DType.Decimal d) {
        int scale = Math.max(0, d.scale());
        int precision = d.scale() < 0 ? d.precision() - d.scale() : Math.max(d.precision(), d.scale());
        return precision <= DecimalType.MAX_PRECISION() ? DataTypes.createDecimalType(precision, scale)
                : DataTypes.StringType;
    }

    private static DataType unsupported(DType t, String path) {
        throw new UnsupportedOperationException("column '" + path + "' has the Vortex type " + t.display()
                + ", which has no Spark equivalent");
    }

    /**
     * The Vortex schema a Spark schema writes as.
     *
     * @param schema the Spark struct
     * @return the Vortex struct (non-nullable at the top, fields nullable as Spark says)
     */
    public static DType.Struct toVortex(StructType schema) {
        List<String> names = new ArrayList<>();
        List<DType> types = new ArrayList<>();
        for (StructField f : schema.fields()) {
            names.add(f.name());
            types.add(toVortex(f.dataType(), f.nullable(), f.name()));
        }
        return new DType.Struct(names, types, false);
    }

    /**
     * The Vortex dtype one Spark type writes as.
     *
     * @param t the Spark type
     * @param nullable whether nulls may occur
     * @param path the column, for error messages
     * @return the dtype
     * @throws UnsupportedOperationException for a Spark type without a Vortex equivalent (intervals, variants…)
     */
    public static DType toVortex(DataType t, boolean nullable, String path) {
        if (t instanceof NullType) {
            return new DType.Null();
        } else if (t instanceof BooleanType) {
            return new DType.Bool(nullable);
        } else if (t instanceof ByteType) {
            return new DType.Primitive(PType.I8, nullable);
        } else if (t instanceof ShortType) {
            return new DType.Primitive(PType.I16, nullable);
        } else if (t instanceof IntegerType) {
            return new DType.Primitive(PType.I32, nullable);
        } else if (t instanceof LongType) {
            return new DType.Primitive(PType.I64, nullable);
        } else if (t instanceof FloatType) {
            return new DType.Primitive(PType.F32, nullable);
        } else if (t instanceof DoubleType) {
            return new DType.Primitive(PType.F64, nullable);
        } else if (t instanceof DecimalType d) {
            return new DType.Decimal(d.precision(), d.scale(), nullable);
        } else if (t instanceof StringType) {
            return new DType.Utf8(nullable);
        } else if (t instanceof BinaryType) {
            return new DType.Binary(nullable);
        } else if (t instanceof DateType) {
            return Extensions.date(TimeUnit.DAYS, nullable);
        } else if (t instanceof TimestampType) {
            return Extensions.timestamp(TimeUnit.MICROSECONDS, "UTC", nullable);
        } else if (t instanceof TimestampNTZType) {
            return Extensions.timestamp(TimeUnit.MICROSECONDS, null, nullable);
        } else if (t instanceof TimeType) {
            return Extensions.time(TimeUnit.NANOSECONDS, nullable);
        } else if (t instanceof ArrayType a) {
            return new DType.List(toVortex(a.elementType(), a.containsNull(), path + ".element"), nullable);
        } else if (t instanceof MapType m) {
            return new DType.Map(toVortex(m.keyType(), false, path + ".key"),
                    toVortex(m.valueType(), m.valueContainsNull(), path + ".value"), false, nullable);
        } else if (t instanceof StructType s) {
            List<String> names = new ArrayList<>();
            List<DType> types = new ArrayList<>();
            for (StructField f : s.fields()) {
                names.add(f.name());
                types.add(toVortex(f.dataType(), f.nullable(), path + "." + f.name()));
            }
            return new DType.Struct(names, types, nullable);
        }
        throw new UnsupportedOperationException("column '" + path + "' has the Spark type "
                + t.simpleString().toLowerCase(Locale.ROOT) + ", which Vortex files cannot hold");
    }
}
