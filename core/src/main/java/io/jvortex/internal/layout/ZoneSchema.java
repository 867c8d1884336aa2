package io.jvortex.internal.layout;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.protobuf.ProtoReader;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * The meaning of a zone-statistics table: one column per statistic, with its name and dtype,
 * derived from the zoned layout's metadata (aggregate specs) or the legacy stats bitset exactly as
 * the reference derives it.
 *
 * @param columns the table's columns in order
 */
public record ZoneSchema(List<Column> columns) {

    /** What a zone-table column holds. */
    public enum Stat {
        /** Largest non-null (non-NaN) value. */
        MAX,
        /** Smallest non-null (non-NaN) value. */
        MIN,
        /** Struct {bound, unknown}: an upper bound truncated to some bytes. */
        BOUNDED_MAX,
        /** A lower bound truncated to some bytes. */
        BOUNDED_MIN,
        /** Sum (null on overflow). */
        SUM,
        /** Count of nulls. */
        NULL_COUNT,
        /** Count of NaNs. */
        NAN_COUNT,
        /** Legacy: whether max was truncated. */
        MAX_IS_TRUNCATED,
        /** Legacy: whether min was truncated. */
        MIN_IS_TRUNCATED,
        /** Legacy: whether the zone is constant. */
        IS_CONSTANT,
        /** Legacy: whether the zone is sorted. */
        IS_SORTED,
        /** Legacy: whether the zone is strictly sorted. */
        IS_STRICT_SORTED,
        /** Legacy: uncompressed size in bytes. */
        UNCOMPRESSED_SIZE
    }

    /**
     * One column of the zone table.
     *
     * @param name the field name in the table (e.g. {@code vortex.max()} or legacy {@code max})
     * @param stat what it holds
     * @param dtype its dtype
     * @param skipNans for MAX/MIN/SUM: whether NaNs are ignored
     */
    public record Column(String name, Stat stat, DType dtype, boolean skipNans) {
    }

    /** Copies the column list. */
    public ZoneSchema {
        columns = List.copyOf(columns);
    }

    /** @return the zone table's struct dtype (non-nullable) */
    public DType.Struct tableDType() {
        return new DType.Struct(columns.stream().map(Column::name).toList(),
                columns.stream().map(Column::dtype).toList(), false);
    }

    /**
     * Derives the zone table's schema from a zone layout's metadata, as readers do (writers use it
     * to build tables readers agree with).
     *
     * @param layoutId {@code vortex.zoned} or {@code vortex.stats}
     * @param metadata the layout metadata
     * @param column the column dtype
     * @return the schema, or {@code null} when a zoned aggregate is unknown to this reader
     */
    public static ZoneSchema of(String layoutId, MemorySegment metadata, DType column) {
        long[] zoneLength = new long[1];
        return "vortex.zoned".equals(layoutId) ? parseZoned(metadata, column, zoneLength)
                : parseLegacy(metadata, column, zoneLength);
    }

    /**
     * Parses {@code vortex.zoned} metadata: version byte 1, then {@code ZonedMetadataProto}.
     *
     * @param metadata the layout metadata
     * @param column the column dtype
     * @param zoneLength receives the zone length at index 0
     * @return the schema, or {@code null} when an aggregate is unknown to this reader
     */
    static ZoneSchema parseZoned(MemorySegment metadata, DType column, long[] zoneLength) {
        if (metadata.byteSize() < 1 || metadata.get(ValueLayout.JAVA_BYTE, 0) != 1) {
            throw new VortexException("zoned layout metadata must start with version byte 1");
        }
        ProtoReader r = new ProtoReader(metadata.asSlice(1), "ZonedMetadataProto");
        List<Column> cols = new ArrayList<>();
        boolean unknown = false;
        while (r.next()) {
            switch (r.field()) {
                case 1 -> zoneLength[0] = r.varint() & 0xFFFF_FFFFL;
                case 2 -> {
                    ProtoReader spec = new ProtoReader(r.bytes(), "AggregateSpecProto");
                    String id = "";
                    MemorySegment options = MemorySegment.ofArray(new byte[0]);
                    while (spec.next()) {
                        switch (spec.field()) {
                            case 1 -> id = spec.string();
                            case 2 -> options = spec.bytes();
                            default -> spec.skip();
                        }
                    }
                    Column c = aggregate(id, options, column);
                    if (c == AGGREGATE_UNKNOWN) {
                        unknown = true;
                    } else if (c != null) {
                        cols.add(c);
                    }
                }
                default -> r.skip();
            }
        }
        return unknown ? null : new ZoneSchema(cols);
    }

    private static final Column AGGREGATE_UNKNOWN = new Column("", Stat.MAX, new DType.Null(), false);

    private static Column aggregate(String id, MemorySegment options, DType column) {
        return switch (id) {
            case "vortex.max", "vortex.min" -> {
                boolean skip = skipNans(options);
                DType t = minMaxType(column);
                String name = id + "(" + (skip ? "" : "skip_nans=false") + ")";
                yield t == null ? null : new Column(name, id.endsWith("max") ? Stat.MAX : Stat.MIN, t, skip);
            }
            case "vortex.bounded_max", "vortex.bounded_min" -> {
                if (options.byteSize() != 8) {
                    throw new VortexException(id + " options must be 8 bytes, got " + options.byteSize());
                }
                long maxBytes = options.get(ValueLayout.JAVA_LONG_UNALIGNED, 0);
                DType t = minMaxType(column);
                if (t == null) {
                    yield null;
                }
                String name = id + "(" + Long.toUnsignedString(maxBytes) + ")";
                if (id.endsWith("max")) {
                    DType partial = new DType.Struct(List.of("bound", "unknown"),
                            List.of(t, new DType.Bool(false)), true);
                    yield new Column(name, Stat.BOUNDED_MAX, partial, true);
                }
                yield new Column(name, Stat.BOUNDED_MIN, t, true);
            }
            case "vortex.sum" -> {
                boolean skip = skipNans(options);
                DType t = sumType(column);
                yield t == null ? null
                        : new Column("vortex.sum(" + (skip ? "" : "skip_nans=false") + ")", Stat.SUM, t, skip);
            }
            case "vortex.null_count" -> new Column("vortex.null_count()", Stat.NULL_COUNT, U64_NULLABLE, false);
            case "vortex.nan_count" -> isFloat(storage(column))
                    ? new Column("vortex.nan_count()", Stat.NAN_COUNT, U64_NULLABLE, false) : null;
            default -> AGGREGATE_UNKNOWN;
        };
    }

    private static final DType U64_NULLABLE = new DType.Primitive(PType.U64, true);

    private static boolean skipNans(MemorySegment options) {
        boolean skip = false;
        ProtoReader r = new ProtoReader(options, "NumericalAggregateOpts");
        while (r.next()) {
            if (r.field() == 1) {
                skip = r.varint() != 0;
            } else {
                r.skip();
            }
        }
        return skip;
    }

    private static DType storage(DType t) {
        return t instanceof DType.Extension e ? e.storage() : t;
    }

    private static boolean isFloat(DType t) {
        return t instanceof DType.Primitive p && p.ptype().isFloat();
    }

    private static boolean minMaxSupported(DType t) {
        return switch (t) {
            case DType.Bool b -> true;
            case DType.Primitive p -> true;
            case DType.Decimal d -> true;
            case DType.Utf8 u -> true;
            case DType.Binary b -> true;
            case DType.Extension e -> true;
            case DType.List l -> minMaxSupported(l.element());
            case DType.FixedSizeList f -> minMaxSupported(f.element());
            default -> false;
        };
    }

    private static DType minMaxType(DType column) {
        return minMaxSupported(column) ? column.withNullable(true) : null;
    }

    private static DType sumType(DType column) {
        DType direct = sumTypeOf(column);
        return direct != null ? direct : column instanceof DType.Extension e ? sumTypeOf(e.storage()) : null;
    }

    private static DType sumTypeOf(DType t) {
        return switch (t) {
            case DType.Bool b -> U64_NULLABLE;
            case DType.Primitive p -> switch (p.ptype()) {
                case U8, U16, U32, U64 -> U64_NULLABLE;
                case I8, I16, I32, I64 -> new DType.Primitive(PType.I64, true);
                case F16, F32, F64 -> new DType.Primitive(PType.F64, true);
            };
            case DType.Decimal d -> new DType.Decimal(Math.min(DType.Decimal.MAX_PRECISION, d.precision() + 10),
                    d.scale(), true);
            default -> null;
        };
    }

    /**
     * Parses legacy {@code vortex.stats} metadata: u32 LE zone length, then an LSB-first bitset of
     * present statistics (ids: is_constant 0, is_sorted 1, is_strict_sorted 2, max 3, min 4, sum 5,
     * null_count 6, uncompressed_size_in_bytes 7, nan_count 8).
     *
     * @param metadata the layout metadata
     * @param column the column dtype
     * @param zoneLength receives the zone length at index 0
     * @return the schema
     */
    static ZoneSchema parseLegacy(MemorySegment metadata, DType column, long[] zoneLength) {
        if (metadata.byteSize() < 4) {
            throw new VortexException("stats layout metadata must be at least 4 bytes, got " + metadata.byteSize());
        }
        zoneLength[0] = Integer.toUnsignedLong(metadata.get(ValueLayout.JAVA_INT_UNALIGNED, 0));
        List<Column> cols = new ArrayList<>();
        long bits = metadata.byteSize() - 4;
        for (int stat = 0; stat < 9; stat++) {
            int byteIndex = stat / 8;
            if (byteIndex >= bits || (metadata.get(ValueLayout.JAVA_BYTE, 4 + byteIndex) & (1 << (stat % 8))) == 0) {
                continue;
            }
            DType t = legacyStatType(stat, column);
            if (t == null && column instanceof DType.Extension e) {
                t = legacyStatType(stat, e.storage());
            }
            if (t == null) {
                continue;
            }
            t = t.withNullable(true);
            switch (stat) {
                case 0 -> cols.add(new Column("is_constant", Stat.IS_CONSTANT, t, false));
                case 1 -> cols.add(new Column("is_sorted", Stat.IS_SORTED, t, false));
                case 2 -> cols.add(new Column("is_strict_sorted", Stat.IS_STRICT_SORTED, t, false));
                case 3 -> {
                    cols.add(new Column("max", Stat.MAX, t, true));
                    cols.add(new Column("max_is_truncated", Stat.MAX_IS_TRUNCATED, new DType.Bool(false), false));
                }
                case 4 -> {
                    cols.add(new Column("min", Stat.MIN, t, true));
                    cols.add(new Column("min_is_truncated", Stat.MIN_IS_TRUNCATED, new DType.Bool(false), false));
                }
                case 5 -> cols.add(new Column("sum", Stat.SUM, t, true));
                case 6 -> cols.add(new Column("null_count", Stat.NULL_COUNT, t, false));
                case 7 -> cols.add(new Column("uncompressed_size_in_bytes", Stat.UNCOMPRESSED_SIZE, t, false));
                case 8 -> cols.add(new Column("nan_count", Stat.NAN_COUNT, t, false));
                default -> throw new AssertionError(stat);
            }
        }
        return new ZoneSchema(cols);
    }

    private static DType legacyStatType(int stat, DType column) {
        return switch (stat) {
            case 0, 1, 2 -> new DType.Bool(false);
            case 3, 4 -> column instanceof DType.Null ? null : column;
            case 5 -> sumTypeOf(column);
            case 6, 7 -> new DType.Primitive(PType.U64, false);
            case 8 -> isFloat(column) ? new DType.Primitive(PType.U64, false) : null;
            default -> null;
        };
    }
}
