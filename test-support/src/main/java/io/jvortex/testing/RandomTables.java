package io.jvortex.testing;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Seeded random tables: a {@link TableSpec}, the values of every column and the rows rendered in the
 * canonical JSONL form ({@link CanonicalRows}). The same seed, types and row count always give the
 * same bytes.
 *
 * <p>Each column gets a {@link ValueShape} (high or low cardinality, sorted, constant, sparse, runs,
 * edge values) and a {@link NullShape} (none, some, all), chosen from the seed by
 * {@link #generate(long, List, int)} or given by {@link #generatePlanned(long, List, int)}. Values
 * include integer extremes, NaN, -0.0, ±Infinity and subnormals, unicode, empty and long strings,
 * dates in years 1–9999, decimals up to 76 digits and with negative scales, and nested structs and
 * lists with their own nulls.
 */
public final class RandomTables {

    /** How many of a column's values are null. */
    public enum NullShape {
        /** No nulls. */
        NONE,
        /** Some nulls, at a random rate between 5% and 50%. */
        SOME,
        /** Every value is null. */
        ALL
    }

    /** How a column's non-null values are distributed. */
    public enum ValueShape {
        /** Independent random values (high cardinality), with a few edge values. */
        RANDOM,
        /** Values drawn from a small dictionary of 1 to 8 values. */
        LOW_CARDINALITY,
        /** Random values in ascending order (nested types: like {@link #RANDOM}). */
        SORTED,
        /** One value repeated. */
        CONSTANT,
        /** One value 95% of the time, random values elsewhere. */
        SPARSE,
        /** Runs of 1 to 64 equal values. */
        RUNS,
        /** Mostly edge values: extremes, NaN, -0.0, empty and odd strings, epoch boundaries. */
        EDGES
    }

    /**
     * One column to generate.
     *
     * @param name the column name
     * @param type the column type
     * @param values the value shape
     * @param nulls the null shape (forced to {@code NONE} for non-nullable types and to {@code ALL}
     *     for the null type)
     */
    public record ColumnPlan(String name, TypeSpec type, ValueShape values, NullShape nulls) {
        /** Checks the members. */
        public ColumnPlan {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(values, "values");
            Objects.requireNonNull(nulls, "nulls");
        }
    }

    /**
     * A generated table.
     *
     * @param seed the seed it was generated from
     * @param spec the schema
     * @param plans the column plans used
     * @param columns the values of each column (see {@link TypeSpec} for their classes)
     * @param rows each row in canonical JSONL form, without line terminators
     */
    public record GeneratedTable(long seed, TableSpec spec, List<ColumnPlan> plans, List<List<Object>> columns,
            List<String> rows) {

        /** Copies the lists. */
        public GeneratedTable {
            plans = List.copyOf(plans);
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
        }

        /**
         * The number of rows.
         *
         * @return the row count
         */
        public int rowCount() {
            return rows.size();
        }

        /**
         * One row's values, one per column.
         *
         * @param rowIndex the row
         * @return the values (nulls included)
         */
        public List<Object> row(int rowIndex) {
            Objects.checkIndex(rowIndex, rows.size());
            List<Object> row = new ArrayList<>(columns.size());
            for (List<Object> column : columns) {
                row.add(column.get(rowIndex));
            }
            return Collections.unmodifiableList(row);
        }

        /**
         * The rows as one JSONL text: each row followed by {@code \n}.
         *
         * @return the text
         */
        public String jsonl() {
            StringBuilder out = new StringBuilder();
            for (String row : rows) {
                out.append(row).append('\n');
            }
            return out.toString();
        }

        /**
         * Writes {@link #jsonl()} as UTF-8, creating parent directories.
         *
         * @param file the file to write
         * @return {@code file}
         * @throws UncheckedIOException when writing fails
         */
        public Path writeJsonl(Path file) {
            try {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                    for (String row : rows) {
                        out.write(row);
                        out.write('\n');
                    }
                }
                return file;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + file, e);
            }
        }
    }

    private static final long MIN_DAY = -719_162L; // 0001-01-01
    private static final long MAX_DAY = 2_932_896L; // 9999-12-31
    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final long MIN_SECOND = MIN_DAY * 86_400L;
    private static final long MAX_SECOND = MAX_DAY * 86_400L + 86_399L;

    private static final int[] UNICODE = {
        'é', 'ü', 'ß', 'ñ', 'Ω', 'Ж', '中', '文', '日', '本', '한', 'ع', 'ש', 0x00A0, 0x0301, 0x200D, 0xFEFF, 0xFFFD,
        0x2028, 0x007F, 0x1F600, 0x1F389, 0x10348, 0x1F1FA, 0x1F1F8,
    };
    private static final int[] ESCAPED = {'\n', '\t', '\r', '\b', '\f', 0x00, 0x01, 0x1F, '"', '\\', '/'};
    private static final List<String> ODD_STRINGS = List.of(
            "", " ", "\"", "\\", "\n\t\r\b\f", "\u0000", "\u001f", "é中😀", "\u2028\u2029", "\uFEFFbom", "null",
            "true", "NaN", "-0.0", "a\"b\\c/d", "x".repeat(5000));
    private static final List<String> FIELD_NAMES = List.of("x", "y", "z", "ü", "a b", "long_field_name_0123456789");

    private RandomTables() {}

    // ---------------------------------------------------------------------------------------------
    // entry points

    /**
     * Generates a table whose column shapes are chosen from the seed. Columns are named
     * {@code c<index>_<type>}.
     *
     * @param seed the seed
     * @param columnTypes one type per column
     * @param rowCount the number of rows
     * @return the table
     */
    public static GeneratedTable generate(long seed, List<TypeSpec> columnTypes, int rowCount) {
        SplittableRandom random = new SplittableRandom(seed);
        List<ColumnPlan> plans = plan(random.split(), columnTypes);
        return build(seed, random, plans, rowCount);
    }

    /**
     * Generates a table with the given column plans.
     *
     * @param seed the seed
     * @param plans one plan per column
     * @param rowCount the number of rows
     * @return the table
     */
    public static GeneratedTable generatePlanned(long seed, List<ColumnPlan> plans, int rowCount) {
        return build(seed, new SplittableRandom(seed), plans, rowCount);
    }

    /**
     * Chooses a value shape and a null shape for each type; names the columns {@code c<index>_<type>}.
     *
     * @param random the source of randomness
     * @param columnTypes one type per column
     * @return the plans
     */
    public static List<ColumnPlan> plan(SplittableRandom random, List<TypeSpec> columnTypes) {
        List<ColumnPlan> plans = new ArrayList<>(columnTypes.size());
        ValueShape[] shapes = ValueShape.values();
        for (int i = 0; i < columnTypes.size(); i++) {
            TypeSpec type = columnTypes.get(i);
            int nullDraw = random.nextInt(100);
            NullShape nulls = nullDraw < 40 ? NullShape.NONE : nullDraw < 88 ? NullShape.SOME : NullShape.ALL;
            plans.add(new ColumnPlan("c" + i + "_" + type.typeName(), type, shapes[random.nextInt(shapes.length)],
                    nulls));
        }
        return plans;
    }

    /**
     * Random column types: every scalar kind, decimals of all precisions and some negative scales,
     * dates/times/timestamps in every unit, and (one in five at the top level) structs, lists and
     * fixed-size lists nested up to two levels. Most are nullable.
     *
     * @param random the source of randomness
     * @param count how many types
     * @param includeUuid whether uuid may appear (the Rust writer admits it from edition
     *     core2026.08.3 only)
     * @return the types
     */
    public static List<TypeSpec> randomTypes(SplittableRandom random, int count, boolean includeUuid) {
        return randomTypes(random, count, includeUuid, false);
    }

    /**
     * Random column types (see {@link #randomTypes(SplittableRandom, int, boolean)}), maps included
     * on request. Without maps the draws are those of the three-argument form.
     *
     * @param random the source of randomness
     * @param count how many types
     * @param includeUuid whether uuid may appear
     * @param includeMaps whether maps may appear (the Rust writer admits {@code vortex.map} from
     *     edition core2026.08.2 only); with {@code includeUuid} also unshredded variants (admitted,
     *     like uuid, from core2026.08.3)
     * @return the types
     */
    public static List<TypeSpec> randomTypes(SplittableRandom random, int count, boolean includeUuid,
                                             boolean includeMaps) {
        List<TypeSpec> types = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            types.add(randomType(random, 0, includeUuid, includeMaps));
        }
        return types;
    }

    /**
     * One random type (see {@link #randomTypes}).
     *
     * @param random the source of randomness
     * @param depth the nesting depth so far (nesting stops at 2)
     * @param includeUuid whether uuid may appear
     * @return the type
     */
    public static TypeSpec randomType(SplittableRandom random, int depth, boolean includeUuid) {
        return randomType(random, depth, includeUuid, false);
    }

    /**
     * One random type, maps included on request (see {@link #randomTypes(SplittableRandom, int,
     * boolean, boolean)}). Map keys are non-nullable utf8, i64 or i32; values any type.
     *
     * @param random the source of randomness
     * @param depth the nesting depth so far (nesting stops at 2)
     * @param includeUuid whether uuid may appear
     * @param includeMaps whether maps may appear
     * @return the type
     */
    public static TypeSpec randomType(SplittableRandom random, int depth, boolean includeUuid, boolean includeMaps) {
        boolean nullable = random.nextInt(5) != 0;
        int nestedChance = depth == 0 ? 20 : depth == 1 ? 10 : 0;
        if (random.nextInt(100) < nestedChance) {
            return switch (random.nextInt(includeMaps ? 4 : 3)) {
                case 0 -> {
                    List<String> names = new ArrayList<>(FIELD_NAMES);
                    int fieldCount = random.nextInt(1, 4);
                    List<TypeSpec.Field> fields = new ArrayList<>();
                    for (int f = 0; f < fieldCount; f++) {
                        String name = names.remove(random.nextInt(names.size()));
                        fields.add(new TypeSpec.Field(name, randomType(random, depth + 1, includeUuid, includeMaps)));
                    }
                    yield new TypeSpec.Struct(fields, nullable);
                }
                case 1 -> new TypeSpec.ListOf(randomType(random, depth + 1, includeUuid, includeMaps), nullable);
                case 2 -> new TypeSpec.FixedSizeList(randomType(random, depth + 1, includeUuid, includeMaps),
                        random.nextInt(1, 5), nullable);
                default -> {
                    TypeSpec key = switch (random.nextInt(3)) {
                        case 0 -> new TypeSpec.Utf8(false);
                        case 1 -> new TypeSpec.Primitive(TypeSpec.PrimitiveKind.I64, false);
                        default -> new TypeSpec.Primitive(TypeSpec.PrimitiveKind.I32, false);
                    };
                    yield new TypeSpec.MapOf(key, randomType(random, depth + 1, includeUuid, includeMaps), nullable);
                }
            };
        }
        TypeSpec.PrimitiveKind[] kinds = TypeSpec.PrimitiveKind.values();
        int draw = random.nextInt(includeUuid ? (includeMaps ? 31 : 30) : 29);
        if (draw < 11) {
            return new TypeSpec.Primitive(kinds[draw], nullable);
        }
        TimeUnit[] units = {TimeUnit.SECONDS, TimeUnit.MILLISECONDS, TimeUnit.MICROSECONDS, TimeUnit.NANOSECONDS};
        return switch (draw) {
            case 11, 12 -> new TypeSpec.Bool(nullable);
            case 13, 14, 15 -> new TypeSpec.Utf8(nullable);
            case 16 -> new TypeSpec.Binary(nullable);
            case 17, 18, 19 -> randomDecimal(random, nullable);
            case 20, 21 -> new TypeSpec.Date(
                    random.nextBoolean() ? TypeSpec.DateUnit.DAYS : TypeSpec.DateUnit.MILLISECONDS, nullable);
            case 22, 23 -> new TypeSpec.Time(units[random.nextInt(units.length)], nullable);
            case 24, 25, 26 -> new TypeSpec.Timestamp(units[random.nextInt(units.length)],
                    random.nextBoolean() ? "UTC" : null, nullable);
            case 27 -> new TypeSpec.Primitive(kinds[random.nextInt(kinds.length)], nullable);
            case 28 -> new TypeSpec.Null();
            case 29 -> new TypeSpec.Uuid(nullable);
            default -> new TypeSpec.Variant(nullable);
        };
    }

    /** Variant metadata of version 1 with an empty dictionary. */
    private static final byte[] VARIANT_EMPTY_METADATA = {1, 0, 0};

    /**
     * A valid Parquet variant value (basic primitive or short string): null, true, false, int8,
     * int64, double, or a short string of up to 20 ASCII characters.
     */
    private static byte[] randomVariantValue(SplittableRandom random) {
        return switch (random.nextInt(7)) {
            case 0 -> new byte[] {0x00};
            case 1 -> new byte[] {0x04};
            case 2 -> new byte[] {0x08};
            case 3 -> new byte[] {0x0C, (byte) random.nextInt(256)};
            case 4, 5 -> {
                byte[] b = new byte[9];
                b[0] = (byte) (random.nextBoolean() ? 0x18 : 0x1C); // int64 or double
                long v = random.nextLong();
                for (int i = 0; i < 8; i++) {
                    b[1 + i] = (byte) (v >>> (8 * i));
                }
                yield b;
            }
            default -> {
                int n = random.nextInt(0, 21);
                byte[] b = new byte[1 + n];
                b[0] = (byte) ((n << 2) | 1);
                for (int i = 0; i < n; i++) {
                    b[1 + i] = (byte) asciiChar(random);
                }
                yield b;
            }
        };
    }

    private static TypeSpec randomDecimal(SplittableRandom random, boolean nullable) {
        int precision = switch (random.nextInt(4)) {
            case 0 -> random.nextInt(1, 10);
            case 1 -> random.nextInt(10, 19);
            case 2 -> random.nextInt(19, 39);
            default -> random.nextInt(39, 77);
        };
        int scale = switch (random.nextInt(4)) {
            case 0 -> 0;
            case 1 -> random.nextInt(0, precision + 1);
            case 2 -> -random.nextInt(1, 4);
            default -> Math.min(precision, 2);
        };
        return new TypeSpec.Decimal(precision, scale, nullable);
    }

    // ---------------------------------------------------------------------------------------------
    // generation

    private static GeneratedTable build(long seed, SplittableRandom random, List<ColumnPlan> plans, int rowCount) {
        if (rowCount < 0) {
            throw new IllegalArgumentException("rowCount must be >= 0, got " + rowCount);
        }
        List<TypeSpec.Field> fields = new ArrayList<>(plans.size());
        List<List<Object>> columns = new ArrayList<>(plans.size());
        for (ColumnPlan plan : plans) {
            fields.add(new TypeSpec.Field(plan.name(), plan.type()));
            columns.add(Collections.unmodifiableList(column(random.split(), plan, rowCount)));
        }
        TableSpec spec = new TableSpec(fields);
        List<String> rows = new ArrayList<>(rowCount);
        List<Object> row = new ArrayList<>(Collections.nCopies(plans.size(), null));
        for (int r = 0; r < rowCount; r++) {
            for (int c = 0; c < columns.size(); c++) {
                row.set(c, columns.get(c).get(r));
            }
            rows.add(CanonicalRows.row(spec, row));
        }
        return new GeneratedTable(seed, spec, plans, columns, rows);
    }

    private static List<Object> column(SplittableRandom random, ColumnPlan plan, int rowCount) {
        TypeSpec type = plan.type();
        NullShape nulls = type instanceof TypeSpec.Null
                ? NullShape.ALL
                : type.nullable() ? plan.nulls() : NullShape.NONE;
        List<Object> values = new ArrayList<>(rowCount);
        if (nulls == NullShape.ALL) {
            values.addAll(Collections.nCopies(rowCount, null));
            return values;
        }
        switch (plan.values()) {
            case RANDOM -> {
                for (int i = 0; i < rowCount; i++) {
                    values.add(randomValue(random, type, 0.03));
                }
            }
            case LOW_CARDINALITY -> {
                List<Object> dictionary = new ArrayList<>();
                int size = random.nextInt(1, 9);
                for (int i = 0; i < size; i++) {
                    dictionary.add(repeatedValue(random, type, rowCount));
                }
                for (int i = 0; i < rowCount; i++) {
                    values.add(dictionary.get(random.nextInt(size)));
                }
            }
            case SORTED -> {
                for (int i = 0; i < rowCount; i++) {
                    values.add(randomValue(random, type, 0.03));
                }
                Comparator<Object> order = order(type);
                if (order != null) {
                    values.sort(order);
                }
            }
            case CONSTANT -> {
                Object value = repeatedValue(random, type, rowCount);
                values.addAll(Collections.nCopies(rowCount, value));
            }
            case SPARSE -> {
                Object common = repeatedValue(random, type, rowCount);
                for (int i = 0; i < rowCount; i++) {
                    values.add(random.nextInt(100) < 95 ? common : randomValue(random, type, 0.03));
                }
            }
            case RUNS -> {
                while (values.size() < rowCount) {
                    Object value = randomValue(random, type, 0.05);
                    int length = Math.min(random.nextInt(1, 65), rowCount - values.size());
                    values.addAll(Collections.nCopies(length, value));
                }
            }
            case EDGES -> {
                for (int i = 0; i < rowCount; i++) {
                    values.add(randomValue(random, type, 0.7));
                }
            }
        }
        if (nulls == NullShape.SOME) {
            double rate = 0.05 + random.nextDouble() * 0.45;
            for (int i = 0; i < rowCount; i++) {
                if (random.nextDouble() < rate) {
                    values.set(i, null);
                }
            }
        }
        return values;
    }

    /**
     * A random value that a column repeats on most of its rows (a dictionary entry, a constant, a sparse
     * column's common value). Repeated over a large table, its size is multiplied by the row count: for
     * tables over 10,000 rows, long strings and binaries are redrawn so that product (and the JSONL the
     * oracle reads back) stays within a bounded budget whatever the seed.
     */
    private static Object repeatedValue(SplittableRandom random, TypeSpec type, int rowCount) {
        Object value = randomValue(random, type, 0.1);
        for (int attempt = 0; rowCount > 10_000 && attempt < 100 && textSize(value) > 64; attempt++) {
            value = randomValue(random, type, 0.1);
        }
        return value;
    }

    /**
     * One random non-null value of a type (nested types may hold nulls inside).
     *
     * @param random the source of randomness
     * @param type the type (not {@link TypeSpec.Null}, whose only value is null)
     * @param edgeChance the probability of an edge value, also applied inside nested values
     * @return the value (see {@link TypeSpec} for its class)
     */
    public static Object randomValue(SplittableRandom random, TypeSpec type, double edgeChance) {
        if (edgeChance > 0 && random.nextDouble() < edgeChance) {
            List<Object> edges = edgeValues(type);
            if (!edges.isEmpty()) {
                return edges.get(random.nextInt(edges.size()));
            }
        }
        return switch (type) {
            case TypeSpec.Null _ -> null;
            case TypeSpec.Bool _ -> random.nextBoolean();
            case TypeSpec.Primitive p -> switch (p.kind()) {
                case F16 -> randomFloat16(random);
                case F32 -> randomFloat32(random);
                case F64 -> randomFloat64(random);
                case I8, I16, I32, I64, U8, U16, U32, U64 -> randomInteger(random, p.kind());
            };
            case TypeSpec.Decimal d -> randomUnscaled(random, d.precision());
            case TypeSpec.Utf8 _ -> randomString(random);
            case TypeSpec.Binary _ -> {
                byte[] bytes = new byte[random.nextInt(100) < 3 ? random.nextInt(1000, 5000) : random.nextInt(0, 33)];
                random.nextBytes(bytes);
                yield bytes;
            }
            case TypeSpec.Uuid _ -> {
                byte[] bytes = new byte[16];
                random.nextBytes(bytes);
                yield bytes;
            }
            case TypeSpec.Variant _ -> List.of(VARIANT_EMPTY_METADATA, randomVariantValue(random));
            case TypeSpec.Date d -> {
                long day = random.nextInt(10) < 3 ? random.nextLong(-20_000, 30_000) : random.nextLong(MIN_DAY, MAX_DAY + 1);
                yield d.unit() == TypeSpec.DateUnit.DAYS ? day : day * MILLIS_PER_DAY;
            }
            case TypeSpec.Time t -> random.nextLong(0, 86_400L * ticksPerSecond(t.unit()));
            case TypeSpec.Timestamp t -> {
                long perSecond = ticksPerSecond(t.unit());
                if (t.unit() == TimeUnit.NANOSECONDS) {
                    yield random.nextLong(); // every i64 is an instant in 1677..2262
                }
                long second = random.nextInt(10) < 3
                        ? random.nextLong(946_684_800L, 1_893_456_000L) // 2000..2030
                        : random.nextLong(MIN_SECOND, MAX_SECOND + 1);
                yield second * perSecond + random.nextLong(perSecond);
            }
            case TypeSpec.Struct s -> {
                List<Object> fields = new ArrayList<>(s.fields().size());
                for (TypeSpec.Field field : s.fields()) {
                    fields.add(childValue(random, field.type(), edgeChance));
                }
                yield Collections.unmodifiableList(fields);
            }
            case TypeSpec.ListOf l -> {
                int length = random.nextInt(10) == 0 ? random.nextInt(0, 40) : random.nextInt(0, 5);
                List<Object> elements = new ArrayList<>(length);
                for (int i = 0; i < length; i++) {
                    elements.add(childValue(random, l.element(), edgeChance));
                }
                yield Collections.unmodifiableList(elements);
            }
            case TypeSpec.MapOf m -> {
                int length = random.nextInt(10) == 0 ? random.nextInt(0, 20) : random.nextInt(0, 4);
                // distinct keys, as a map holds them (the oracle and the reader keep storage order)
                java.util.Set<Object> seen = new java.util.HashSet<>();
                List<Object> entries = new ArrayList<>(length);
                for (int i = 0; i < length; i++) {
                    Object key = randomValue(random, m.key(), edgeChance);
                    if (seen.add(key instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : key)) {
                        entries.add(java.util.Arrays.asList(key, childValue(random, m.value(), edgeChance)));
                    }
                }
                yield Collections.unmodifiableList(entries);
            }
            case TypeSpec.FixedSizeList f -> {
                List<Object> elements = new ArrayList<>(f.size());
                for (int i = 0; i < f.size(); i++) {
                    elements.add(childValue(random, f.element(), edgeChance));
                }
                yield Collections.unmodifiableList(elements);
            }
        };
    }

    private static Object childValue(SplittableRandom random, TypeSpec type, double edgeChance) {
        if (type instanceof TypeSpec.Null || (type.nullable() && random.nextInt(10) == 0)) {
            return null;
        }
        return randomValue(random, type, edgeChance);
    }

    /**
     * The edge values of a scalar type (empty for null and nested types): integer extremes, NaN,
     * ±Infinity, ±0.0, subnormals, float boundaries of the repr layout, the largest decimals, odd
     * strings, epoch and calendar boundaries.
     *
     * @param type the type
     * @return the edge values (see {@link TypeSpec} for their classes)
     */
    public static List<Object> edgeValues(TypeSpec type) {
        return switch (type) {
            case TypeSpec.Null _, TypeSpec.Struct _, TypeSpec.ListOf _, TypeSpec.FixedSizeList _, TypeSpec.MapOf _ -> List.of();
            case TypeSpec.Bool _ -> List.of(false, true);
            case TypeSpec.Primitive p -> switch (p.kind()) {
                case F16 -> List.of((short) 0x7E00, (short) 0x7C00, (short) 0xFC00, (short) 0x8000, (short) 0x0000,
                        (short) 0x0001, (short) 0x03FF, (short) 0x0400, (short) 0x7BFF, (short) 0xFBFF,
                        (short) 0x3C00, (short) 0x3555, (short) 0x2E66);
                case F32 -> List.of(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f,
                        Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_NORMAL, 0.1f,
                        1e16f, 16_777_216f, 1e-5f, 3.4e38f);
                case F64 -> List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0,
                        Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL,
                        1e16, 9_999_999_999_999_998.0, 0.1, 1e-5, 1.5e-5, 1e22, 123_456_789_012_345_680.0,
                        (double) Long.MAX_VALUE);
                case I8, I16, I32, I64, U8, U16, U32, U64 -> integerEdges(p.kind());
            };
            case TypeSpec.Decimal d -> {
                BigInteger largest = BigInteger.TEN.pow(d.precision()).subtract(BigInteger.ONE);
                yield List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), largest, largest.negate());
            }
            case TypeSpec.Utf8 _ -> List.copyOf(ODD_STRINGS);
            case TypeSpec.Binary _ -> List.of(new byte[0], new byte[] {0}, new byte[] {-1, -1, -1}, new byte[1000]);
            case TypeSpec.Uuid _ -> {
                byte[] ones = new byte[16];
                Arrays.fill(ones, (byte) -1);
                yield List.of(new byte[16], ones);
            }
            case TypeSpec.Variant _ -> List.of(List.of(VARIANT_EMPTY_METADATA, new byte[] {0}),
                    List.of(VARIANT_EMPTY_METADATA, new byte[] {1}));
            case TypeSpec.Date d -> {
                long factor = d.unit() == TypeSpec.DateUnit.DAYS ? 1 : MILLIS_PER_DAY;
                List<Object> days = new ArrayList<>();
                for (long day : new long[] {MIN_DAY, MAX_DAY, 0, -1, 1, 11_016 /* 2000-02-29 */, -25_567 /* 1900-01-01 */}) {
                    days.add(day * factor);
                }
                yield days;
            }
            case TypeSpec.Time t -> {
                long perSecond = ticksPerSecond(t.unit());
                yield List.of(0L, 1L, 86_400L * perSecond - 1, 43_200L * perSecond);
            }
            case TypeSpec.Timestamp t -> {
                long perSecond = ticksPerSecond(t.unit());
                if (t.unit() == TimeUnit.NANOSECONDS) {
                    yield List.of(0L, -1L, 1L, Long.MIN_VALUE, Long.MAX_VALUE, 951_782_400L * perSecond);
                }
                yield List.of(0L, -1L, 1L, MIN_SECOND * perSecond, MAX_SECOND * perSecond + perSecond - 1,
                        951_782_400L * perSecond);
            }
        };
    }

    private static List<Object> integerEdges(TypeSpec.PrimitiveKind kind) {
        int bits = kind.bitWidth();
        if (kind.signed()) {
            long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
            long min = bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
            return List.of(min, max, 0L, -1L, 1L, min + 1, max - 1);
        }
        long max = bits == 64 ? -1L : (1L << bits) - 1;
        return List.of(0L, 1L, max, max - 1, bits == 64 ? Long.MIN_VALUE : max >>> 1);
    }

    private static long randomInteger(SplittableRandom random, TypeSpec.PrimitiveKind kind) {
        long raw = switch (random.nextInt(4)) {
            case 0 -> kind.signed() ? random.nextLong(-100, 101) : random.nextLong(0, 201);
            case 1 -> kind.signed() ? random.nextLong(-1_000_000, 1_000_001) : random.nextLong(0, 2_000_001);
            default -> random.nextLong();
        };
        int bits = kind.bitWidth();
        if (bits == 64) {
            return raw;
        }
        return kind.signed() ? raw << (64 - bits) >> (64 - bits) : raw & ((1L << bits) - 1);
    }

    private static short randomFloat16(SplittableRandom random) {
        return switch (random.nextInt(3)) {
            case 0 -> (short) random.nextInt(65_536);
            case 1 -> Float.floatToFloat16((float) random.nextInt(-2048, 2049));
            default -> Float.floatToFloat16(random.nextInt(-100_000, 100_001) / 100f);
        };
    }

    private static float randomFloat32(SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 0 -> (float) (random.nextInt(-1_000_000, 1_000_001) / 100.0);
            case 1 -> Float.intBitsToFloat(random.nextInt());
            case 2 -> (float) Math.scalb(random.nextDouble(-1, 1), random.nextInt(-40, 41));
            default -> (float) random.nextInt(-100_000, 100_001);
        };
    }

    private static double randomFloat64(SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 0 -> random.nextLong(-100_000_000, 100_000_001) / 100.0;
            case 1 -> Double.longBitsToDouble(random.nextLong());
            case 2 -> Math.scalb(random.nextDouble(-1, 1), random.nextInt(-80, 81));
            default -> (double) random.nextLong(-1_000_000_000L, 1_000_000_001L);
        };
    }

    private static BigInteger randomUnscaled(SplittableRandom random, int precision) {
        int digits = random.nextInt(3) == 0 ? Math.min(precision, random.nextInt(1, 4)) : random.nextInt(1, precision + 1);
        StringBuilder text = new StringBuilder(digits + 1);
        if (random.nextBoolean()) {
            text.append('-');
        }
        for (int i = 0; i < digits; i++) {
            text.append((char) ('0' + random.nextInt(10)));
        }
        return new BigInteger(text.toString());
    }

    /**
     * The characters of a string or the bytes of a binary value, summed over the members of a nested
     * value; 0 for any other value.
     */
    private static long textSize(Object value) {
        return switch (value) {
            case String text -> text.length();
            case byte[] bytes -> bytes.length;
            case List<?> members -> members.stream().mapToLong(RandomTables::textSize).sum();
            case null, default -> 0;
        };
    }

    private static String randomString(SplittableRandom random) {
        int draw = random.nextInt(100);
        StringBuilder out = new StringBuilder();
        if (draw < 45) {
            int length = random.nextInt(0, 13);
            for (int i = 0; i < length; i++) {
                out.append(asciiChar(random));
            }
        } else if (draw < 70) {
            int length = random.nextInt(1, 11);
            for (int i = 0; i < length; i++) {
                out.appendCodePoint(random.nextBoolean() ? UNICODE[random.nextInt(UNICODE.length)] : asciiChar(random));
            }
        } else if (draw < 78) {
            return "";
        } else if (draw < 81) {
            int length = random.nextInt(200, 3000);
            for (int i = 0; i < length; i++) {
                out.appendCodePoint(random.nextInt(50) == 0 ? UNICODE[random.nextInt(UNICODE.length)] : asciiChar(random));
            }
        } else {
            int length = random.nextInt(1, 8);
            for (int i = 0; i < length; i++) {
                out.appendCodePoint(switch (random.nextInt(3)) {
                    case 0 -> ESCAPED[random.nextInt(ESCAPED.length)];
                    case 1 -> UNICODE[random.nextInt(UNICODE.length)];
                    default -> asciiChar(random);
                });
            }
        }
        return out.toString();
    }

    private static char asciiChar(SplittableRandom random) {
        return (char) random.nextInt(0x20, 0x7F);
    }

    private static long ticksPerSecond(TimeUnit unit) {
        return switch (unit) {
            case SECONDS -> 1L;
            case MILLISECONDS -> 1_000L;
            case MICROSECONDS -> 1_000_000L;
            case NANOSECONDS -> 1_000_000_000L;
            case MINUTES, HOURS, DAYS -> throw new IllegalArgumentException("not a clock unit: " + unit);
        };
    }

    /** Ascending order of a scalar type's values (nulls first), or null for nested and null types. */
    private static Comparator<Object> order(TypeSpec type) {
        Comparator<Object> order = switch (type) {
            case TypeSpec.Null _, TypeSpec.Struct _, TypeSpec.ListOf _, TypeSpec.FixedSizeList _, TypeSpec.MapOf _,
                 TypeSpec.Variant _ -> null;
            case TypeSpec.Bool _ -> Comparator.comparing(v -> (Boolean) v);
            case TypeSpec.Primitive p -> switch (p.kind()) {
                case F16 -> Comparator.comparing(v -> Float.float16ToFloat((Short) v), Float::compare);
                case F32 -> Comparator.comparing(v -> (Float) v, Float::compare);
                case F64 -> Comparator.comparing(v -> (Double) v, Double::compare);
                case U64 -> (a, b) -> Long.compareUnsigned((Long) a, (Long) b);
                case I8, I16, I32, I64, U8, U16, U32 -> Comparator.comparing(v -> (Long) v);
            };
            case TypeSpec.Decimal _ -> Comparator.comparing(v -> (BigInteger) v);
            case TypeSpec.Utf8 _ -> Comparator.comparing(v -> (String) v);
            case TypeSpec.Binary _, TypeSpec.Uuid _ -> (a, b) -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
            case TypeSpec.Date _, TypeSpec.Time _, TypeSpec.Timestamp _ -> Comparator.comparing(v -> (Long) v);
        };
        return order == null ? null : Comparator.nullsFirst(order);
    }
}
