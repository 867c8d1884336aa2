package io.jvortex.api;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Builds batches ({@link StructArray}s of a schema) from Java arrays, for {@link VortexWriter#write}.
 *
 * <pre>{@code
 * StructArray batch = Batch.builder(schema)
 *         .longs("id", new long[] {1, 2, 3})
 *         .doubles("price", new double[] {9.5, 3.25, 0}, new boolean[] {false, false, true}) // third is null
 *         .strings("name", new String[] {"a", null, "c"})                                      // null entries are nulls
 *         .values("tags", List.of(List.of("x"), List.of(), List.of("y", "z")))                // any dtype, nested
 *         .build();
 * }</pre>
 *
 * <p>Typed setters check the column's dtype (e.g. {@code longs} needs a 64-bit integer column, or a
 * timestamp / 64-bit time or date column, whose raw values they are), the row count and nulls: a
 * null in a non-nullable column is an {@link IllegalArgumentException} naming the column and row.
 * {@link Builder#values} converts Java objects for any dtype: {@link Number}, {@link Boolean},
 * {@link String}, {@code byte[]}, {@link BigDecimal}, {@link LocalDate}, {@link LocalTime},
 * {@link Instant}, {@link List} for lists, fixed-size lists and structs (one item per field), a
 * {@link Map} from field name to value for structs, a {@link Map} for maps (in its iteration order);
 * {@code null} for null.
 */
public final class Batch {
    private Batch() {
    }

    /**
     * @param schema the table schema
     * @return a builder for one batch of it
     */
    public static Builder builder(DType.Struct schema) {
        return new Builder(Objects.requireNonNull(schema, "schema"));
    }

    /** Collects the columns of one batch. Not thread-safe. */
    public static final class Builder {
        private final DType.Struct schema;
        private final Canonical[] columns;
        private final Arena arena = Arena.ofAuto();
        private int length = -1;

        private Builder(DType.Struct schema) {
            this.schema = schema;
            this.columns = new Canonical[schema.fields().size()];
        }

        private int index(String column) {
            Objects.requireNonNull(column, "column");
            int i = schema.names().indexOf(column);
            if (i < 0) {
                throw new IllegalArgumentException("no column '" + column + "' in " + schema.names());
            }
            return i;
        }

        private Builder set(String column, int i, Canonical array) {
            if (length >= 0 && array.length() != length) {
                throw new IllegalArgumentException("column '" + column + "' has " + array.length()
                        + " rows, other columns have " + length);
            }
            length = array.length();
            columns[i] = array;
            return this;
        }

        /**
         * Sets a column to a ready-made array (e.g. a column of a scan chunk).
         *
         * @param column the column name
         * @param array its rows, of exactly the column's dtype
         * @return this builder
         */
        public Builder column(String column, Canonical array) {
            int i = index(column);
            if (!array.dtype().equals(schema.fields().get(i))) {
                throw new IllegalArgumentException("column '" + column + "' is " + schema.fields().get(i).display()
                        + ", got an array of " + array.dtype().display());
            }
            return set(column, i, array);
        }

        /**
         * @param column a 64-bit integer column (or a timestamp, a µs/ns time or a ms date: raw values)
         * @param values the values
         * @return this builder
         */
        public Builder longs(String column, long[] values) {
            return longs(column, values, null);
        }

        /**
         * @param column a 64-bit integer column (or a timestamp, a µs/ns time or a ms date: raw values)
         * @param values the values
         * @param nulls {@code true} where the row is null, or {@code null} for none
         * @return this builder
         */
        public Builder longs(String column, long[] values, boolean[] nulls) {
            MemorySegment seg = arena.allocate(8L * values.length, 8);
            MemorySegment.copy(MemorySegment.ofArray(values), 0, seg, 0, seg.byteSize());
            return primitive(column, 8, seg, values.length, nulls, false);
        }

        /**
         * @param column a 32-bit integer column (or a days date, a s/ms time: raw values)
         * @param values the values
         * @return this builder
         */
        public Builder ints(String column, int[] values) {
            return ints(column, values, null);
        }

        /**
         * @param column a 32-bit integer column (or a days date, a s/ms time: raw values)
         * @param values the values
         * @param nulls {@code true} where the row is null, or {@code null} for none
         * @return this builder
         */
        public Builder ints(String column, int[] values, boolean[] nulls) {
            MemorySegment seg = arena.allocate(4L * values.length, 8);
            MemorySegment.copy(MemorySegment.ofArray(values), 0, seg, 0, seg.byteSize());
            return primitive(column, 4, seg, values.length, nulls, false);
        }

        /**
         * @param column an f64 column
         * @param values the values
         * @return this builder
         */
        public Builder doubles(String column, double[] values) {
            return doubles(column, values, null);
        }

        /**
         * @param column an f64 column
         * @param values the values
         * @param nulls {@code true} where the row is null, or {@code null} for none
         * @return this builder
         */
        public Builder doubles(String column, double[] values, boolean[] nulls) {
            MemorySegment seg = arena.allocate(8L * values.length, 8);
            MemorySegment.copy(MemorySegment.ofArray(values), 0, seg, 0, seg.byteSize());
            return primitive(column, 8, seg, values.length, nulls, true);
        }

        private Builder primitive(String column, int width, MemorySegment values, int n, boolean[] nulls,
                                  boolean floating) {
            int i = index(column);
            DType t = schema.fields().get(i);
            DType storage = t instanceof DType.Extension e ? e.storage() : t;
            if (!(storage instanceof DType.Primitive p) || p.ptype().byteWidth() != width
                    || p.ptype().isFloat() != floating) {
                throw new IllegalArgumentException("column '" + column + "' is " + t.display() + ", not a "
                        + (8 * width) + "-bit " + (floating ? "float" : "integer") + " column");
            }
            Validity validity = validity(column, t, n, nulls);
            PrimitiveArray array = new PrimitiveArray(p, values, n, validity);
            return set(column, i, t instanceof DType.Extension e ? new ExtensionArray(e, array) : array);
        }

        /**
         * @param column a bool column
         * @param values the values
         * @param nulls {@code true} where the row is null, or {@code null} for none
         * @return this builder
         */
        public Builder booleans(String column, boolean[] values, boolean[] nulls) {
            int i = index(column);
            DType t = schema.fields().get(i);
            if (!(t instanceof DType.Bool b)) {
                throw new IllegalArgumentException("column '" + column + "' is " + t.display() + ", not bool");
            }
            MemorySegment bits = arena.allocate((values.length + 7L) >>> 3, 8);
            for (int r = 0; r < values.length; r++) {
                if (values[r]) {
                    Validity.Bits.set(bits, r, true);
                }
            }
            return set(column, i, new BoolArray(b, bits, 0, values.length, validity(column, t, values.length, nulls)));
        }

        /**
         * @param column a bool column
         * @param values the values
         * @return this builder
         */
        public Builder booleans(String column, boolean[] values) {
            return booleans(column, values, null);
        }

        /**
         * @param column a utf8 column
         * @param values the values, {@code null} entries for nulls
         * @return this builder
         */
        public Builder strings(String column, String[] values) {
            return values(column, Arrays.asList(values));
        }

        /**
         * @param column a binary column
         * @param values the values, {@code null} entries for nulls
         * @return this builder
         */
        public Builder binaries(String column, byte[][] values) {
            return values(column, Arrays.asList((Object[]) values));
        }

        /**
         * @param column a decimal column (values are rescaled to its scale; rounding is an error)
         * @param values the values, {@code null} entries for nulls
         * @return this builder
         */
        public Builder decimals(String column, BigDecimal[] values) {
            return values(column, Arrays.asList((Object[]) values));
        }

        /**
         * @param column a date column
         * @param values the values, {@code null} entries for nulls
         * @return this builder
         */
        public Builder dates(String column, LocalDate[] values) {
            return values(column, Arrays.asList((Object[]) values));
        }

        /**
         * @param column a time column
         * @param values the values, {@code null} entries for nulls (truncated to the column's unit)
         * @return this builder
         */
        public Builder times(String column, LocalTime[] values) {
            return values(column, Arrays.asList((Object[]) values));
        }

        /**
         * @param column a timestamp column
         * @param values the values, {@code null} entries for nulls (truncated to the column's unit)
         * @return this builder
         */
        public Builder timestamps(String column, Instant[] values) {
            return values(column, Arrays.asList((Object[]) values));
        }

        /**
         * Sets a column of any dtype from Java objects (see {@link Batch}).
         *
         * @param column the column name
         * @param values one object per row
         * @return this builder
         */
        public Builder values(String column, List<?> values) {
            int i = index(column);
            return set(column, i, convert(column, schema.fields().get(i), values, 0));
        }

        /**
         * @return the batch
         * @throws IllegalArgumentException when a column was not set
         */
        public StructArray build() {
            for (int i = 0; i < columns.length; i++) {
                if (columns[i] == null) {
                    throw new IllegalArgumentException("column '" + schema.names().get(i) + "' was not set");
                }
            }
            return new StructArray(schema, List.of(columns), Math.max(length, 0), Validity.ALL_VALID);
        }

        private Validity validity(String column, DType t, int n, boolean[] nulls) {
            if (nulls == null) {
                return Validity.ALL_VALID;
            }
            if (nulls.length != n) {
                throw new IllegalArgumentException("column '" + column + "': " + nulls.length + " null flags for "
                        + n + " values");
            }
            MemorySegment bits = arena.allocate((n + 7L) >>> 3, 8);
            boolean any = false;
            for (int r = 0; r < n; r++) {
                if (nulls[r]) {
                    if (!t.nullable()) {
                        throw new IllegalArgumentException("column '" + column + "' is not nullable, row " + r
                                + " is null");
                    }
                    any = true;
                } else {
                    Validity.Bits.set(bits, r, true);
                }
            }
            return any ? new Validity.Bitmap(bits, 0) : Validity.ALL_VALID;
        }

        /** Converts objects to an array of {@code t}; {@code base} is the first row's index, for messages. */
        private Canonical convert(String column, DType t, List<?> values, long base) {
            int n = values.size();
            boolean[] nulls = new boolean[n];
            boolean anyNull = false;
            for (int r = 0; r < n; r++) {
                if (values.get(r) == null) {
                    if (!t.nullable() && !(t instanceof DType.Null)) {
                        throw new IllegalArgumentException("column '" + column + "' is not nullable, row " + (base + r)
                                + " is null");
                    }
                    nulls[r] = true;
                    anyNull = true;
                }
            }
            Validity validity = anyNull ? validity(column, t, n, nulls) : Validity.ALL_VALID;
            return switch (t) {
                case DType.Null x -> new NullArray(n);
                case DType.Bool b -> {
                    MemorySegment bits = arena.allocate((n + 7L) >>> 3, 8);
                    for (int r = 0; r < n; r++) {
                        if (values.get(r) != null && (Boolean) cast(column, base + r, values.get(r), Boolean.class)) {
                            Validity.Bits.set(bits, r, true);
                        }
                    }
                    yield new BoolArray(b, bits, 0, n, validity);
                }
                case DType.Primitive p -> {
                    MemorySegment seg = arena.allocate((long) n * p.ptype().byteWidth(), 8);
                    for (int r = 0; r < n; r++) {
                        Object v = values.get(r);
                        if (v != null) {
                            Number num = (Number) cast(column, base + r, v, Number.class);
                            switch (p.ptype()) {
                                case F64 -> seg.setAtIndex(ValueLayout.JAVA_DOUBLE, r, num.doubleValue());
                                case F32 -> seg.setAtIndex(ValueLayout.JAVA_FLOAT, r, num.floatValue());
                                case F16 -> seg.setAtIndex(ValueLayout.JAVA_SHORT, r,
                                        Float.floatToFloat16(num.floatValue()));
                                default -> {
                                    long x = num.longValue();
                                    switch (p.ptype().byteWidth()) {
                                        case 1 -> seg.set(ValueLayout.JAVA_BYTE, r, (byte) x);
                                        case 2 -> seg.setAtIndex(ValueLayout.JAVA_SHORT, r, (short) x);
                                        case 4 -> seg.setAtIndex(ValueLayout.JAVA_INT, r, (int) x);
                                        default -> seg.setAtIndex(ValueLayout.JAVA_LONG, r, x);
                                    }
                                }
                            }
                        }
                    }
                    yield new PrimitiveArray(p, seg, n, validity);
                }
                case DType.Decimal d -> {
                    int w = Canonicals.decimalByteWidth(d.precision());
                    MemorySegment seg = arena.allocate((long) n * w, 8);
                    for (int r = 0; r < n; r++) {
                        Object v = values.get(r);
                        if (v != null) {
                            BigInteger unscaled = unscaled(column, base + r, v, d);
                            byte[] be = unscaled.toByteArray();
                            for (int k = 0; k < w; k++) {
                                byte b = k < be.length ? be[be.length - 1 - k] : (byte) (unscaled.signum() < 0 ? -1 : 0);
                                seg.set(ValueLayout.JAVA_BYTE, (long) r * w + k, b);
                            }
                        }
                    }
                    yield new DecimalArray(d, w, seg, n, validity);
                }
                case DType.Utf8 u -> bytes(column, t, values, validity, base);
                case DType.Binary b -> bytes(column, t, values, validity, base);
                case DType.Extension e -> new ExtensionArray(e, convert(column, e.storage(),
                        extensionStorage(column, e, values, base), base));
                case DType.Struct s -> {
                    List<Canonical> fields = new ArrayList<>();
                    for (int f = 0; f < s.fields().size(); f++) {
                        List<Object> items = new ArrayList<>(n);
                        for (int r = 0; r < n; r++) {
                            Object v = values.get(r);
                            Object item = switch (v) {
                                case null -> s.fields().get(f).nullable() ? null : filler(s.fields().get(f));
                                case Map<?, ?> m -> m.get(s.names().get(f));
                                case List<?> l when l.size() == s.fields().size() -> l.get(f);
                                default -> throw new IllegalArgumentException("column '" + column + "' row " + (base + r)
                                        + ": expected a map or a list of " + s.fields().size() + " values, got " + v);
                            };
                            items.add(item);
                        }
                        fields.add(convert(column + "." + s.names().get(f), s.fields().get(f), items, base));
                    }
                    yield new StructArray(s, fields, n, validity);
                }
                case DType.List l -> {
                    List<Object> elements = new ArrayList<>();
                    MemorySegment offsets = arena.allocate(8L * (n + 1), 8);
                    for (int r = 0; r < n; r++) {
                        offsets.setAtIndex(ValueLayout.JAVA_LONG, r, elements.size());
                        if (values.get(r) != null) {
                            elements.addAll((List<?>) cast(column, base + r, values.get(r), List.class));
                        }
                    }
                    offsets.setAtIndex(ValueLayout.JAVA_LONG, n, elements.size());
                    yield new ListArray(l, convert(column + "[]", l.element(), elements, 0),
                            new PrimitiveArray(new DType.Primitive(PType.I64, false), offsets, n + 1, Validity.ALL_VALID),
                            n, validity);
                }
                case DType.FixedSizeList f -> {
                    List<Object> elements = new ArrayList<>();
                    for (int r = 0; r < n; r++) {
                        Object v = values.get(r);
                        if (v == null) {
                            for (int k = 0; k < f.size(); k++) {
                                elements.add(f.element().nullable() ? null : filler(f.element()));
                            }
                        } else {
                            List<?> items = (List<?>) cast(column, base + r, v, List.class);
                            if (items.size() != f.size()) {
                                throw new IllegalArgumentException("column '" + column + "' row " + (base + r) + ": "
                                        + items.size() + " items for a fixed-size list of " + f.size());
                            }
                            elements.addAll(items);
                        }
                    }
                    yield new FixedSizeListArray(f, convert(column + "[]", f.element(), elements, 0), n, validity);
                }
                case DType.Map m -> {
                    List<Object> entries = new ArrayList<>(n);
                    for (int r = 0; r < n; r++) {
                        Object v = values.get(r);
                        if (v == null) {
                            entries.add(null);
                            continue;
                        }
                        List<Object> pairs = new ArrayList<>();
                        for (Map.Entry<?, ?> e : ((Map<?, ?>) cast(column, base + r, v, Map.class)).entrySet()) {
                            pairs.add(Arrays.asList(e.getKey(), e.getValue()));
                        }
                        entries.add(pairs);
                    }
                    ListArray lists = (ListArray) convert(column, m.entries(), entries, base);
                    yield new io.jvortex.array.MapArray(m, Canonicals.toListView(lists,
                            bytes -> arena.allocate(bytes, 8)));
                }
                default -> throw new IllegalArgumentException("column '" + column + "': building "
                        + t.display() + " columns from Java values is not supported");
            };
        }

        private static Object filler(DType t) {
            return switch (t) {
                case DType.Bool b -> false;
                case DType.Primitive p -> 0;
                case DType.Decimal d -> BigDecimal.ZERO;
                case DType.Utf8 u -> "";
                case DType.Binary b -> new byte[0];
                case DType.Struct s -> new LinkedHashMap<String, Object>();
                case DType.List l -> List.of();
                default -> null;
            };
        }

        private static Object cast(String column, long row, Object v, Class<?> want) {
            if (!want.isInstance(v)) {
                throw new IllegalArgumentException("column '" + column + "' row " + row + ": expected "
                        + want.getSimpleName() + ", got " + v.getClass().getSimpleName());
            }
            return v;
        }

        private static BigInteger unscaled(String column, long row, Object v, DType.Decimal d) {
            BigDecimal value = v instanceof BigDecimal b ? b
                    : v instanceof BigInteger i ? new BigDecimal(i)
                    : BigDecimal.valueOf(((Number) cast(column, row, v, Number.class)).longValue());
            BigInteger unscaled;
            try {
                unscaled = value.setScale(d.scale(), RoundingMode.UNNECESSARY).unscaledValue();
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("column '" + column + "' row " + row + ": " + value
                        + " does not fit scale " + d.scale());
            }
            if (unscaled.abs().compareTo(BigInteger.TEN.pow(d.precision())) >= 0) {
                throw new IllegalArgumentException("column '" + column + "' row " + row + ": " + value
                        + " does not fit precision " + d.precision());
            }
            return unscaled;
        }

        private VarBinArray bytes(String column, DType t, List<?> values, Validity validity, long base) {
            int n = values.size();
            byte[][] encoded = new byte[n][];
            long total = 0;
            for (int r = 0; r < n; r++) {
                Object v = values.get(r);
                if (v != null) {
                    encoded[r] = t instanceof DType.Utf8 ? ((String) cast(column, base + r, v, String.class))
                            .getBytes(StandardCharsets.UTF_8) : (byte[]) cast(column, base + r, v, byte[].class);
                    total += encoded[r].length;
                }
            }
            MemorySegment data = arena.allocate(Math.max(1, total), 8);
            MemorySegment offsets = arena.allocate(8L * (n + 1), 8);
            long at = 0;
            for (int r = 0; r < n; r++) {
                offsets.setAtIndex(ValueLayout.JAVA_LONG, r, at);
                if (encoded[r] != null) {
                    MemorySegment.copy(MemorySegment.ofArray(encoded[r]), 0, data, at, encoded[r].length);
                    at += encoded[r].length;
                }
            }
            offsets.setAtIndex(ValueLayout.JAVA_LONG, n, at);
            return new VarBinArray(t, new PrimitiveArray(new DType.Primitive(PType.I64, false), offsets, n + 1,
                    Validity.ALL_VALID), data.asSlice(0, total), n, validity);
        }

        /** Date/time/timestamp objects → their raw storage numbers; other values pass through. */
        private static List<Object> extensionStorage(String column, DType.Extension e, List<?> values, long base) {
            Extensions.Kind kind = Extensions.kind(e).orElse(null);
            List<Object> out = new ArrayList<>(values.size());
            for (int r = 0; r < values.size(); r++) {
                Object v = values.get(r);
                out.add(switch (v) {
                    case null -> null;
                    case LocalDate date when kind instanceof Extensions.DateKind k ->
                            k.unit() == TimeUnit.DAYS ? (Object) date.toEpochDay() : date.toEpochDay() * 86_400_000L;
                    case LocalTime time when kind instanceof Extensions.TimeKind k ->
                            time.toNanoOfDay() / nanosPer(k.unit());
                    case Instant instant when kind instanceof Extensions.TimestampKind k -> epoch(instant, k.unit());
                    case LocalDate x -> throw mismatch(column, base + r, e);
                    case LocalTime x -> throw mismatch(column, base + r, e);
                    case Instant x -> throw mismatch(column, base + r, e);
                    default -> v;
                });
            }
            return out;
        }

        private static IllegalArgumentException mismatch(String column, long row, DType.Extension e) {
            return new IllegalArgumentException("column '" + column + "' row " + row + ": value does not fit "
                    + e.display());
        }

        private static long nanosPer(TimeUnit unit) {
            return switch (unit) {
                case NANOSECONDS -> 1L;
                case MICROSECONDS -> 1_000L;
                case MILLISECONDS -> 1_000_000L;
                case SECONDS -> 1_000_000_000L;
                case DAYS -> 86_400_000_000_000L;
            };
        }

        private static long epoch(Instant instant, TimeUnit unit) {
            return switch (unit) {
                case NANOSECONDS -> Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L),
                        instant.getNano());
                case MICROSECONDS -> Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L),
                        instant.getNano() / 1_000);
                case MILLISECONDS -> instant.toEpochMilli();
                case SECONDS -> instant.getEpochSecond();
                case DAYS -> Math.floorDiv(instant.getEpochSecond(), 86_400L);
            };
        }
    }
}
