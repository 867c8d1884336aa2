package io.jvortex.conformance;

import io.jvortex.api.internal.ApiAccess;
import static io.jvortex.conformance.TableChunks.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Edition;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.Canonical;
import io.jvortex.internal.write.TableWriter;
import io.jvortex.array.Concat;
import io.jvortex.array.ScalarAt;
import io.jvortex.array.StructArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.layout.ZoneSchema;
import io.jvortex.scalar.Scalar;
import io.jvortex.internal.scan.ZoneMap;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.RandomTables.GeneratedTable;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.oracle.RustOracle;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files written by {@link VortexWriter} in every edition and both strategies are read value-exact by
 * the Rust reader of every judge ({@link RustOracle#judges()}: vortex-data 0.91 and 0.93; each test runs
 * once per judge, each run printing its own seed) and by jvortex, and their zone maps hold each zone's recomputed
 * null counts, NaN counts and min/max (bounds for long strings).
 */
class VortexWriterConformanceTest {
    @TempDir
    Path dir;

    /** The judges' versions: the parameter of every test, so that each judge reads the files. */
    static List<String> judges() {
        return RustOracle.judgeVersions();
    }

    private static boolean containsFixedSizeList(TypeSpec t) {
        return switch (t) {
            case TypeSpec.FixedSizeList f -> true;
            case TypeSpec.Uuid u -> true;
            case TypeSpec.ListOf l -> containsFixedSizeList(l.element());
            case TypeSpec.Struct s -> s.fields().stream().anyMatch(f -> containsFixedSizeList(f.type()));
            default -> false;
        };
    }

    /** Random types the edition can hold (no fixed-size lists before core2025.10.0; uuid only in 2026.08.3). */
    private static List<TypeSpec> types(SplittableRandom random, Edition edition, int count) {
        List<TypeSpec> out = new ArrayList<>();
        boolean fsl = edition.allowsArray("vortex.fixed_size_list");
        boolean uuid = edition.extensionIds().contains("vortex.uuid");
        while (out.size() < count) {
            TypeSpec t = RandomTables.randomType(random, 0, uuid);
            if (fsl || !containsFixedSizeList(t)) {
                out.add(t);
            }
        }
        return out;
    }

    private void check(RustOracle judge, String name, GeneratedTable table, WriteOptions options,
            SplittableRandom random) {
        List<StructArray> batches = randomBatches(table, random, 0);
        List<String> expected = jsonl(batches);
        assertThat(expected).as("test arrays vs generated rows, seed %d", table.seed()).isEqualTo(table.rows());
        Path file = dir.resolve(name + ".vortex");
        DType.Struct schema = schema(table.spec());
        try (VortexWriter writer = VortexWriter.create(file, schema, options)) {
            batches.forEach(writer::write);
        }
        assertThat(judge.read(file)).as("%s: Rust reader %s, seed %d", name, judge, table.seed())
                .isEqualTo(expected);
        assertThat(readWithJvortex(file)).as("%s: jvortex reader, seed %d", name, table.seed()).isEqualTo(expected);
        checkZoneMaps(file, options, (StructArray) Concat.concat(schema, List.copyOf(batches),
                bytes -> Arena.ofAuto().allocate(bytes, 8)), name);
    }

    @ParameterizedTest(name = "vortex-data {0}")
    @MethodSource("judges")
    void randomTablesInEveryEditionAndBothStrategies(String judgeVersion) {
        RustOracle judge = RustOracle.judge(judgeVersion);
        long seed = Seeds.seed("VortexWriterConformanceTest.randomTables");
        SplittableRandom random = new SplittableRandom(seed);
        for (Edition edition : Edition.values()) {
            for (boolean compact : new boolean[] {false, true}) {
                List<TypeSpec> types = types(random, edition, 6);
                GeneratedTable table = RandomTables.generatePlanned(random.nextLong(),
                        RandomTables.plan(random, types), random.nextInt(3000, 7000));
                // small zones and chunks: several chunks and many zones per column at a modest row count
                WriteOptions options = WriteOptions.defaults().withEdition(edition).withCompact(compact)
                        .withZoneRows(512).withChunkBytes(8 * 1024).withThreads(2);
                check(judge, edition.id() + (compact ? "-compact" : "-default"), table, options, random);
            }
        }
    }

    @ParameterizedTest(name = "vortex-data {0}")
    @MethodSource("judges")
    void defaultOptionsOverSeveralReferenceSizedChunks(String judgeVersion) {
        RustOracle judge = RustOracle.judge(judgeVersion);
        long seed = Seeds.seed("VortexWriterConformanceTest.defaultOptions");
        SplittableRandom random = new SplittableRandom(seed);
        List<TypeSpec> types = List.of(TypeSpec.i64(), new TypeSpec.Primitive(TypeSpec.PrimitiveKind.F64, true),
                new TypeSpec.Utf8(true), new TypeSpec.Bool(true));
        List<RandomTables.ColumnPlan> plans = new ArrayList<>(RandomTables.plan(random, types));
        plans.set(0, new RandomTables.ColumnPlan(plans.get(0).name(), TypeSpec.i64(), RandomTables.ValueShape.RANDOM,
                RandomTables.NullShape.NONE));
        GeneratedTable table = RandomTables.generatePlanned(random.nextLong(), plans, 300_000);
        check(judge, "defaults", table, WriteOptions.defaults(), random);
        try (VortexReader reader = VortexReader.open(dir.resolve("defaults.vortex"))) {
            Layout.Zoned first = (Layout.Zoned) ((Layout.Struct) ApiAccess.file(reader).rootLayout()).fields().getFirst();
            Layout.Chunked chunks = (Layout.Chunked) first.data();
            // 1 MiB of i64 is 131,072 rows: 16 zones of 8192
            assertThat(chunks.children()).hasSize(3);
            assertThat(chunks.children().get(0).rowCount()).isEqualTo(131_072);
            assertThat(first.zones().rowCount()).isEqualTo((300_000 + 8191) / 8192);
        }
    }

    @ParameterizedTest(name = "vortex-data {0}")
    @MethodSource("judges")
    void zoneTablesHaveTheSchemaTheRustWriterGivesTheSameData(String judgeVersion) {
        RustOracle judge = RustOracle.judge(judgeVersion);
        long seed = Seeds.seed("VortexWriterConformanceTest.zoneSchemas");
        SplittableRandom random = new SplittableRandom(seed);
        for (Edition edition : List.of(Edition.CORE2025_05_0, Edition.CORE2026_08_0, Edition.DEFAULT)) {
            Path rust = dir.resolve("rust-" + edition.id() + ".vortex");
            GeneratedTable table = null;
            // the Rust writer fails on some tables in the older editions (e.g. it emits vortex.masked): draw again
            for (int attempt = 0; table == null; attempt++) {
                GeneratedTable candidate = RandomTables.generatePlanned(random.nextLong(),
                        RandomTables.plan(random, types(random, edition, 8)), 20_000);
                try {
                    judge.write(candidate, rust, RustOracle.Strategy.DEFAULT, edition.id());
                    table = candidate;
                } catch (RustOracle.OracleException e) {
                    if (attempt == 9) {
                        throw e;
                    }
                }
            }
            Path ours = dir.resolve("ours-" + edition.id() + ".vortex");
            try (VortexWriter writer = VortexWriter.create(ours, schema(table.spec()), WriteOptions.defaults()
                    .withEdition(edition))) {
                randomBatches(table, random, 0).forEach(writer::write);
            }
            try (VortexReader r = VortexReader.open(rust); VortexReader o = VortexReader.open(ours)) {
                compareZones(ApiAccess.file(r).rootLayout(), ApiAccess.file(o).rootLayout(), judge + ", " + edition.id() + " seed " + table.seed());
            }
        }
    }

    /**
     * Fixed-size lists of non-null {@code u8} are the one list type the reference keeps min and max for
     * (ordered by their bytes, like uuids); other element types and nullable elements get null counts only.
     * Both writers must agree on the zone schema and on every zone's values, in the legacy and the
     * aggregate-based zone layouts.
     */
    @ParameterizedTest(name = "vortex-data {0}")
    @MethodSource("judges")
    void fixedSizeListZoneTablesMatchTheRustWriter(String judgeVersion) {
        RustOracle judge = RustOracle.judge(judgeVersion);
        SplittableRandom random = new SplittableRandom(Seeds.seed("VortexWriterConformanceTest.fixedSizeListZones"));
        TypeSpec u8 = new TypeSpec.Primitive(TypeSpec.PrimitiveKind.U8, false);
        List<TypeSpec> types = List.of(new TypeSpec.FixedSizeList(u8, 2, true), new TypeSpec.FixedSizeList(u8, 16, false),
                new TypeSpec.FixedSizeList(new TypeSpec.Primitive(TypeSpec.PrimitiveKind.U8, true), 3, true),
                new TypeSpec.FixedSizeList(new TypeSpec.Primitive(TypeSpec.PrimitiveKind.I32, false), 2, true));
        for (Edition edition : List.of(Edition.CORE2025_10_0, Edition.DEFAULT)) {
            GeneratedTable table = RandomTables.generatePlanned(random.nextLong(), RandomTables.plan(random, types),
                    20_000);
            Path rust = dir.resolve("fsl-rust-" + edition.id() + ".vortex");
            judge.write(table, rust, RustOracle.Strategy.DEFAULT, edition.id());
            Path ours = dir.resolve("fsl-ours-" + edition.id() + ".vortex");
            try (VortexWriter writer = VortexWriter.create(ours, schema(table.spec()), WriteOptions.defaults()
                    .withEdition(edition))) {
                randomBatches(table, random, 0).forEach(writer::write);
            }
            String where = judge + ", " + edition.id() + " seed " + table.seed();
            try (VortexReader r = VortexReader.open(rust); VortexReader o = VortexReader.open(ours)) {
                compareZones(ApiAccess.file(r).rootLayout(), ApiAccess.file(o).rootLayout(), where);
                Layout.Struct rs = (Layout.Struct) ApiAccess.file(r).rootLayout();
                Layout.Struct os = (Layout.Struct) ApiAccess.file(o).rootLayout();
                for (int c = 0; c < types.size(); c++) {
                    ZoneMap rz = ZoneMap.read(ApiAccess.file(r), (Layout.Zoned) rs.fields().get(c), ApiAccess.options(r)).orElseThrow();
                    ZoneMap oz = ZoneMap.read(ApiAccess.file(o), (Layout.Zoned) os.fields().get(c), ApiAccess.options(o)).orElseThrow();
                    // min and max only for the u8 lists, and only where some row is not null (a random
                    // plan may make a column all null)
                    boolean anyValue = false;
                    for (int z = 0; z < rz.zoneCount(); z++) {
                        anyValue |= rz.get(z, ZoneSchema.Stat.NULL_COUNT).orElseThrow().asLong() < rz.zoneRowCount(z);
                    }
                    assertThat(rz.schema().columns().size()).as(where + " column " + c + " zone columns")
                            .isEqualTo(c < 2 && anyValue ? (edition.zonedLayout() ? 3 : 5) : 1);
                    for (int z = 0; z < rz.zoneCount(); z++) {
                        for (int k = 0; k < rz.schema().columns().size(); k++) {
                            assertThat(oz.get(z, k)).as(where + " column " + c + " zone " + z + " stat "
                                    + rz.schema().columns().get(k).name()).isEqualTo(rz.get(z, k));
                        }
                    }
                }
            }
        }
    }

    /** Walks both layout trees down to the zone layouts and compares their kind, geometry and table schema. */
    private static void compareZones(Layout rust, Layout ours, String where) {
        if (rust instanceof Layout.Struct rs && ours instanceof Layout.Struct os) {
            assertThat(os.fields()).as(where).hasSameSizeAs(rs.fields());
            for (int i = 0; i < rs.fields().size(); i++) {
                compareZones(rs.fields().get(i), os.fields().get(i), where + "/" + rs.dtype().names().get(i));
            }
            return;
        }
        assertThat(ours instanceof Layout.Zoned).as(where + " (" + rust.dtype().display() + ", " + rust.rowCount() + " rows): zoned in ours vs Rust " + rust.encodingId())
                .isEqualTo(rust instanceof Layout.Zoned);
        if (rust instanceof Layout.Zoned rz && ours instanceof Layout.Zoned oz) {
            assertThat(oz.encodingId()).as(where).isEqualTo(rz.encodingId());
            assertThat(oz.zoneLength()).as(where).isEqualTo(rz.zoneLength());
            assertThat(oz.zones().rowCount()).as(where).isEqualTo(rz.zones().rowCount());
            assertThat(oz.schema()).as(where).isEqualTo(rz.schema());
        }
    }

    @ParameterizedTest(name = "vortex-data {0}")
    @MethodSource("judges")
    void dictionaryLayoutsAreReadByRust(String judgeVersion) throws java.io.IOException {
        RustOracle judge = RustOracle.judge(judgeVersion);
        long seed = Seeds.seed("VortexWriterConformanceTest.dictionaries");
        SplittableRandom random = new SplittableRandom(seed);
        DType.Struct schema = new DType.Struct(List.of("k", "s"), List.of(new DType.Primitive(PType.I32, false),
                new DType.Utf8(true)), false);
        int rows = 150_000;
        int[] keys = new int[rows];
        String[] strings = new String[rows];
        int[] pool = random.ints(random.nextInt(2, 50)).toArray();
        for (int i = 0; i < rows; i++) {
            // a low-cardinality first zone of values spread over the int range (a dictionary beats
            // bit-packing there), then new values that overflow the 65,535-entry dictionaries
            keys[i] = i < 8192 ? pool[random.nextInt(pool.length)] : i < 20_000 ? random.nextInt(-5, 5) : i * 3 - 7;
            strings[i] = random.nextInt(9) == 0 ? null : "v" + random.nextInt(4);
        }
        StructArray batch = io.jvortex.api.Batch.builder(schema).ints("k", keys).strings("s", strings).build();
        WriteOptions options = WriteOptions.defaults().withEdition(Edition.CORE2025_05_0);
        Path file = dir.resolve("dict.vortex");
        try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE)) {
            TableWriter writer = new TableWriter(channel, schema, options,
                    io.jvortex.internal.write.Compressors.of(options), null);
            writer.write(batch.slice(0, 70_000));
            writer.write(batch.slice(70_000, rows - 70_000));
            writer.finish();
        }
        try (VortexReader reader = VortexReader.open(file)) {
            Layout.Zoned k = (Layout.Zoned) ((Layout.Struct) ApiAccess.file(reader).rootLayout()).fields().getFirst();
            assertThat(k.data()).isInstanceOf(Layout.Chunked.class);
            assertThat(k.data().children()).hasSizeGreaterThan(1).allMatch(l -> l instanceof Layout.Dict);
        }
        List<String> expected = jsonl(List.of(batch));
        assertThat(judge.read(file)).as("%s, seed %d", judge, seed).isEqualTo(expected);
        assertThat(readWithJvortex(file)).isEqualTo(expected);
    }

    private static void checkZoneMaps(Path file, WriteOptions options, StructArray all, String name) {
        if (!options.zoneMaps()) {
            return;
        }
        try (VortexReader reader = VortexReader.open(file)) {
            if (!(ApiAccess.file(reader).rootLayout() instanceof Layout.Struct root)) {
                return;
            }
            for (int c = 0; c < root.fields().size(); c++) {
                if (!(root.fields().get(c) instanceof Layout.Zoned zoned)) {
                    continue;
                }
                assertThat(zoned.encodingId()).isEqualTo(options.edition().zonedLayout() ? "vortex.zoned"
                        : "vortex.stats");
                ZoneMap map = ZoneMap.read(ApiAccess.file(reader), zoned, ApiAccess.options(reader)).orElseThrow();
                Canonical column = all.fields().get(c);
                int zoneRows = options.zoneRows();
                assertThat(map.zoneCount()).isEqualTo((column.length() + zoneRows - 1) / zoneRows);
                for (int z = 0; z < map.zoneCount(); z++) {
                    int start = z * zoneRows;
                    checkZone(map, z, column.slice(start, Math.min(zoneRows, column.length() - start)),
                            name + " column " + c + " zone " + z);
                }
            }
        }
    }

    private static boolean isNan(Scalar s) {
        return switch (s.value()) {
            case Double d -> d.isNaN();
            case Float f -> f.isNaN();
            case Short h when s.dtype() instanceof DType.Primitive p && p.ptype() == PType.F16 ->
                    Float.isNaN(Float.float16ToFloat(h));
            default -> false;
        };
    }

    /** Recomputes one zone's statistics and compares them with the stored ones. */
    private static void checkZone(ZoneMap map, int z, Canonical rows, String what) {
        long nulls = 0;
        long nans = 0;
        Scalar min = null;
        Scalar max = null;
        for (int i = 0; i < rows.length(); i++) {
            Scalar s = ScalarAt.get(rows, i);
            if (s.isNull()) {
                nulls++;
            } else if (isNan(s)) {
                nans++;
            } else if (comparable(s)) {
                min = min == null || compare(s, min) < 0 ? s : min;
                max = max == null || compare(s, max) > 0 ? s : max;
            }
        }
        assertThat(map.get(z, ZoneSchema.Stat.NULL_COUNT).map(Scalar::asLong)).as(what + " null count")
                .contains(nulls);
        if (map.schema().columns().stream().anyMatch(c -> c.stat() == ZoneSchema.Stat.NAN_COUNT)) {
            assertThat(map.get(z, ZoneSchema.Stat.NAN_COUNT).map(Scalar::asLong)).as(what + " NaN count")
                    .contains(nans);
        }
        Optional<Scalar> storedMin = map.get(z, ZoneSchema.Stat.MIN).or(() -> map.get(z, ZoneSchema.Stat.BOUNDED_MIN));
        Optional<Scalar> storedMax = map.get(z, ZoneSchema.Stat.MAX).or(() -> map.get(z, ZoneSchema.Stat.BOUNDED_MAX)
                .flatMap(s -> ((List<?>) s.value()).getFirst() instanceof Scalar b && !b.isNull()
                        ? Optional.of(b) : Optional.empty()));
        if (min == null) {
            assertThat(storedMin).as(what + " min of no values").isEmpty();
            assertThat(storedMax).as(what + " max of no values").isEmpty();
            return;
        }
        boolean bytes = min.value() instanceof byte[];
        if (bytes) {
            // 64-byte bounds: a lower bound below (or at) the min, an upper bound above (or at) the max
            assertThat(compare(storedMin.orElseThrow(), min)).as(what + " min bound").isLessThanOrEqualTo(0);
            Scalar realMax = max;
            storedMax.ifPresent(m -> assertThat(compare(m, realMax)).as(what + " max bound").isGreaterThanOrEqualTo(0));
            if (((byte[]) min.value()).length <= 64) {
                assertThat(compare(storedMin.get(), min)).as(what + " exact min").isZero();
            }
            return;
        }
        assertThat(compare(storedMin.orElseThrow(), min)).as(what + " min " + storedMin.get().value()).isZero();
        assertThat(compare(storedMax.orElseThrow(), max)).as(what + " max").isZero();
    }

    private static boolean comparable(Scalar s) {
        DType t = s.dtype() instanceof DType.Extension e ? e.storage() : s.dtype();
        return t instanceof DType.Bool || t instanceof DType.Primitive || t instanceof DType.Decimal
                || (!(s.dtype() instanceof DType.Extension) && (t instanceof DType.Utf8 || t instanceof DType.Binary))
                || (t instanceof DType.FixedSizeList f && f.element() instanceof DType.Primitive p
                        && p.ptype() == PType.U8 && !p.nullable());
    }

    /** A fixed-size list of u8 (a uuid among them) as its bytes, which order it (unsigned, first byte first). */
    private static byte[] fixedBytes(Scalar s) {
        List<?> elements = (List<?>) s.value();
        byte[] bytes = new byte[elements.size()];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) ((Scalar) elements.get(i)).asLong();
        }
        return bytes;
    }

    @SuppressWarnings("unchecked")
    private static int compare(Scalar a, Scalar b) {
        Object x = a.value();
        Object y = b.value();
        DType t = a.dtype() instanceof DType.Extension e ? e.storage() : a.dtype();
        if (x instanceof byte[] p && y instanceof byte[] q) {
            return Arrays.compareUnsigned(p, q);
        }
        if (t instanceof DType.FixedSizeList) {
            return Arrays.compareUnsigned(fixedBytes(a), fixedBytes(b));
        }
        if (t instanceof DType.Primitive p && p.ptype().isFloat()) {
            return Double.compare(a.asDouble() + 0.0, b.asDouble() + 0.0);
        }
        if (t instanceof DType.Primitive p && p.ptype().isUnsignedInteger()) {
            return Long.compareUnsigned(a.asLong(), b.asLong());
        }
        return ((Comparable<Object>) x).compareTo(y);
    }
}
