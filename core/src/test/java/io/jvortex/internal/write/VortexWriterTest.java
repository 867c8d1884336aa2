package io.jvortex.internal.write;

import io.jvortex.api.internal.ApiAccess;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Batch;
import io.jvortex.api.Chunk;
import io.jvortex.api.Edition;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.api.VortexWriter;
import io.jvortex.api.WriteOptions;
import io.jvortex.array.Canonical;
import io.jvortex.array.Concat;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.RandomArrays;
import io.jvortex.array.ScalarAt;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.layout.ZoneSchema;
import io.jvortex.scalar.Scalar;
import io.jvortex.internal.scan.ZoneMap;
import io.jvortex.testing.Seeds;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.math.BigDecimal;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The streaming writer: layout trees, zone tables, dictionaries, editions, determinism, atomicity. */
class VortexWriterTest {
    @TempDir
    Path dir;

    private static final DType.Struct SCHEMA = new DType.Struct(
            List.of("id", "price", "name", "flag", "nested", "tags", "day"),
            List.of(new DType.Primitive(PType.I64, false),
                    new DType.Primitive(PType.F64, true),
                    new DType.Utf8(true),
                    new DType.Bool(true),
                    new DType.Struct(List.of("a", "b"), List.of(new DType.Primitive(PType.U32, true),
                            new DType.Binary(true)), true),
                    new DType.List(new DType.Primitive(PType.I32, true), true),
                    Extensions.date(TimeUnit.DAYS, true)),
            false);

    private static List<StructArray> batches(SplittableRandom r, DType.Struct schema, int rows) {
        RandomArrays gen = new RandomArrays(r, TestSupport.allocator(Arena.ofAuto()));
        List<StructArray> out = new ArrayList<>();
        int done = 0;
        while (done < rows) {
            int n = Math.min(rows - done, 1 + r.nextInt(7000));
            out.add((StructArray) gen.array(schema, n));
            done += n;
        }
        return out;
    }

    private static List<Object> rowsOf(List<StructArray> batches) {
        List<Object> rows = new ArrayList<>();
        batches.forEach(b -> rows.addAll(TestSupport.rows(b)));
        return rows;
    }

    private static List<Object> readRows(Path file) {
        List<Object> rows = new ArrayList<>();
        try (VortexReader reader = VortexReader.open(file); ScanIterator scan = reader.scan()) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    rows.addAll(TestSupport.rows(chunk.rawArray()));
                }
            }
        }
        return rows;
    }

    private Path write(String name, DType.Struct schema, List<StructArray> batches, WriteOptions options) {
        Path file = dir.resolve(name);
        try (VortexWriter w = VortexWriter.create(file, schema, options)) {
            batches.forEach(w::write);
        }
        return file;
    }

    private static WriteOptions small() {
        return WriteOptions.defaults().withZoneRows(1024).withChunkBytes(32 * 1024).withThreads(2);
    }

    @Test
    void rowsRoundTripInEveryEditionWithChunksZonesAndNestedStructs() {
        SplittableRandom r = TestSupport.random("VortexWriterTest.roundTrip");
        List<StructArray> batches = batches(r, SCHEMA, 20_000);
        for (Edition edition : Edition.values()) {
            Path file = write(edition.id() + ".vortex", SCHEMA, batches, small().withEdition(edition));
            assertThat(readRows(file)).as(edition.id()).isEqualTo(rowsOf(batches));
            try (VortexReader reader = VortexReader.open(file)) {
                assertThat(ApiAccess.file(reader).layoutIds()).allMatch(edition::allowsLayout);
                assertThat(ApiAccess.file(reader).arrayIds()).allMatch(edition::allowsArray);
                Layout.Struct root = (Layout.Struct) ApiAccess.file(reader).rootLayout();
                Layout.Zoned id = (Layout.Zoned) root.fields().get(0);
                assertThat(id.encodingId()).isEqualTo(edition.zonedLayout() ? "vortex.zoned" : "vortex.stats");
                assertThat(id.zoneLength()).isEqualTo(1024);
                assertThat(id.zones().rowCount()).isEqualTo((20_000 + 1023) / 1024);
                Layout.Chunked chunks = (Layout.Chunked) id.data();
                assertThat(chunks.children()).hasSizeGreaterThan(2);
                for (int i = 0; i < chunks.children().size() - 1; i++) {
                    assertThat(chunks.children().get(i).rowCount() % 1024).isZero();
                    assertThat(chunks.children().get(i)).isInstanceOf(Layout.Flat.class);
                }
                Layout.Struct nested = (Layout.Struct) root.fields().get(4);
                assertThat(nested.validity()).isInstanceOf(Layout.Flat.class);
                // fields of a nullable struct hold arbitrary values at its null rows: no zone maps there, as the reference
                assertThat(nested.fields()).hasSize(2).noneMatch(l -> l instanceof Layout.Zoned);
            }
        }
    }

    @Test
    void closingAReaderTwiceIsHarmless() {
        SplittableRandom r = TestSupport.random("VortexWriterTest.closeTwice");
        Path file = write("close-twice.vortex", SCHEMA, batches(r, SCHEMA, 100), small());
        VortexReader reader = VortexReader.open(file);
        try (reader) {
            assertThat(reader.rowCount()).isEqualTo(100);
            reader.close(); // an explicit close inside try-with-resources: the second close must not throw
        }
        reader.close();
    }

    @Test
    void zoneMapsHoldEachZonesMinMaxNullAndNanCounts() {
        SplittableRandom r = TestSupport.random("VortexWriterTest.zones");
        List<StructArray> batches = batches(r, SCHEMA, 9_000);
        for (Edition edition : List.of(Edition.CORE2025_05_0, Edition.DEFAULT)) {
            Path file = write("z" + edition.id() + ".vortex", SCHEMA, batches, small().withEdition(edition));
            StructArray all = (StructArray) Concat.concat(SCHEMA, List.copyOf(batches), TestSupport.allocator(Arena.ofAuto()));
            try (VortexReader reader = VortexReader.open(file)) {
                Layout.Struct root = (Layout.Struct) ApiAccess.file(reader).rootLayout();
                for (int c : new int[] {0, 1, 2, 3, 6}) {
                    Layout.Zoned zoned = (Layout.Zoned) root.fields().get(c);
                    ZoneMap map = ZoneMap.read(ApiAccess.file(reader), zoned, ApiAccess.options(reader)).orElseThrow();
                    Canonical column = all.fields().get(c);
                    assertThat(map.zoneCount()).isEqualTo(9);
                    for (int z = 0; z < map.zoneCount(); z++) {
                        int start = z * 1024;
                        int len = Math.min(1024, 9_000 - start);
                        checkZone(map, z, column.slice(start, len), edition.id() + " column " + c + " zone " + z);
                    }
                }
            }
        }
    }

    @Test
    void fileStatisticsFoldTheColumns() {
        SplittableRandom r = TestSupport.random("VortexWriterTest.fileStats");
        List<StructArray> batches = batches(r, SCHEMA, 7_000);
        for (boolean zoneMaps : new boolean[] {true, false}) {
            Path file = write("fs" + zoneMaps + ".vortex", SCHEMA, batches, small().withZoneMaps(zoneMaps));
            StructArray all = (StructArray) Concat.concat(SCHEMA, List.copyOf(batches), TestSupport.allocator(Arena.ofAuto()));
            try (VortexReader reader = VortexReader.open(file)) {
                List<io.jvortex.scalar.ArrayStatistics> stats = ApiAccess.file(reader).fieldStatistics();
                assertThat(stats).hasSize(SCHEMA.fields().size());
                for (int c = 0; c < SCHEMA.fields().size(); c++) {
                    Canonical column = all.fields().get(c);
                    long nulls = SCHEMA.fields().get(c).nullable() ? column.validity().nullCount(column.length()) : 0;
                    assertThat(stats.get(c).nullCount()).as("column %d", c).hasValue(nulls);
                }
                for (int c : new int[] {0, 1, 6}) {
                    Canonical column = all.fields().get(c);
                    Scalar min = null;
                    Scalar max = null;
                    for (int i = 0; i < column.length(); i++) {
                        Scalar s = ScalarAt.get(column, i);
                        if (s.isNull() || s.value() instanceof Double d && d.isNaN()) {
                            continue;
                        }
                        min = min == null || compare(s, min) < 0 ? s : min;
                        max = max == null || compare(s, max) > 0 ? s : max;
                    }
                    if (min == null) {
                        assertThat(stats.get(c).min()).as("column %d without values", c).isEmpty();
                        assertThat(stats.get(c).max()).as("column %d without values", c).isEmpty();
                        continue;
                    }
                    assertThat(stats.get(c).minExact()).as("column %d: %s", c, stats.get(c)).isTrue();
                    assertThat(compare(stats.get(c).min().orElseThrow(), min)).as("min of %d", c).isZero();
                    assertThat(compare(stats.get(c).max().orElseThrow(), max)).as("max of %d", c).isZero();
                }
            }
        }
    }

    /** Recomputes a zone's statistics from the rows and compares them with the stored ones. */
    private static void checkZone(ZoneMap map, int z, Canonical rows, String what) {
        long nulls = 0;
        long nans = 0;
        Scalar min = null;
        Scalar max = null;
        for (int i = 0; i < rows.length(); i++) {
            Scalar s = ScalarAt.get(rows, i);
            if (s.isNull()) {
                nulls++;
                continue;
            }
            if (s.value() instanceof Double d && d.isNaN()) {
                nans++;
                continue;
            }
            if (min == null || compare(s, min) < 0) {
                min = s;
            }
            if (max == null || compare(s, max) > 0) {
                max = s;
            }
        }
        assertThat(map.get(z, ZoneSchema.Stat.NULL_COUNT).map(Scalar::asLong)).as(what).contains(nulls);
        if (rows.dtype() instanceof DType.Primitive p && p.ptype().isFloat()) {
            assertThat(map.get(z, ZoneSchema.Stat.NAN_COUNT).map(Scalar::asLong)).as(what).contains(nans);
        }
        Optional<Scalar> storedMin = map.get(z, ZoneSchema.Stat.MIN).or(() -> map.get(z, ZoneSchema.Stat.BOUNDED_MIN));
        Optional<Scalar> storedMax = map.get(z, ZoneSchema.Stat.MAX).or(() -> map.get(z, ZoneSchema.Stat.BOUNDED_MAX)
                .map(s -> ((List<?>) s.value()).getFirst() instanceof Scalar b ? b : null));
        if (min == null) {
            assertThat(storedMin).as(what).isEmpty();
            return;
        }
        assertThat(storedMin).as(what).isPresent();
        assertThat(compare(storedMin.get(), min)).as(what + " min " + storedMin.get() + " vs " + min).isZero();
        assertThat(compare(storedMax.orElseThrow(), max)).as(what + " max").isZero();
    }

    @SuppressWarnings("unchecked")
    private static int compare(Scalar a, Scalar b) {
        Object x = a.value();
        Object y = b.value();
        if (x instanceof byte[] p && y instanceof byte[] q) {
            return Arrays.compareUnsigned(p, q);
        }
        if (x instanceof Double p && y instanceof Double q) {
            return Double.compare(p + 0.0, q + 0.0);
        }
        if (x instanceof Long p && y instanceof Long q && a.dtype() instanceof DType.Primitive t
                && t.ptype().isUnsignedInteger()) {
            return Long.compareUnsigned(p, q);
        }
        return ((Comparable<Object>) x).compareTo(y);
    }

    @Test
    void outputDoesNotDependOnTheThreadCount() throws IOException {
        SplittableRandom r = TestSupport.random("VortexWriterTest.threads");
        List<StructArray> batches = batches(r, SCHEMA, 30_000);
        Path one = write("t1.vortex", SCHEMA, batches, small().withThreads(1));
        Path four = write("t4.vortex", SCHEMA, batches, small().withThreads(4));
        assertThat(Files.readAllBytes(four)).isEqualTo(Files.readAllBytes(one));
        assertThat(readRows(four)).isEqualTo(rowsOf(batches));
    }

    /**
     * A batch handed over with {@code writeOwned} is kept as it is, not copied: the file must not tell
     * the difference (every edition; whole batches and slices at odd offsets, whose bitmaps and views
     * are not in the form the copy would make), and the caller's rows must be unchanged.
     */
    @Test
    void ownedBatchesWriteTheSameBytesAsCopiedOnes() throws IOException {
        SplittableRandom r = TestSupport.random("VortexWriterTest.owned");
        List<StructArray> batches = new ArrayList<>();
        for (StructArray b : batches(r, SCHEMA, 12_000)) {
            int from = b.length() > 2 ? 1 + r.nextInt(b.length() / 2) : 0;
            batches.add(r.nextBoolean() ? b : b.slice(from, b.length() - from));
        }
        List<Object> before = rowsOf(batches);
        for (Edition edition : Edition.values()) {
            WriteOptions options = small().withEdition(edition);
            Path copied = write(edition.id() + "-copied.vortex", SCHEMA, batches, options);
            Path owned = dir.resolve(edition.id() + "-owned.vortex");
            try (VortexWriter w = VortexWriter.create(owned, SCHEMA, options)) {
                batches.forEach(w::writeOwned);
            }
            assertThat(Files.readAllBytes(owned)).as(edition.id()).isEqualTo(Files.readAllBytes(copied));
        }
        assertThat(rowsOf(batches)).isEqualTo(before);
    }

    @Test
    void aChannelReceivesTheSameBytesAsAPath() throws IOException {
        SplittableRandom r = TestSupport.random("VortexWriterTest.channel");
        List<StructArray> batches = batches(r, SCHEMA, 3_000);
        Path file = write("p.vortex", SCHEMA, batches, small());
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (VortexWriter w = VortexWriter.create(Channels.newChannel(bytes), SCHEMA, small())) {
            batches.forEach(w::write);
        }
        assertThat(bytes.toByteArray()).isEqualTo(Files.readAllBytes(file));
    }

    @Test
    void emptyTablesAndZoneMapsOff() {
        Path empty = write("empty.vortex", SCHEMA, List.of(), small());
        assertThat(readRows(empty)).isEmpty();
        SplittableRandom r = TestSupport.random("VortexWriterTest.noZones");
        List<StructArray> batches = batches(r, SCHEMA, 5_000);
        Path plain = write("plain.vortex", SCHEMA, batches, small().withZoneMaps(false));
        assertThat(readRows(plain)).isEqualTo(rowsOf(batches));
        try (VortexReader reader = VortexReader.open(plain)) {
            assertThat(ApiAccess.file(reader).layoutIds()).doesNotContain("vortex.zoned", "vortex.stats");
        }
    }

    @Test
    void failuresLeaveNothingAtTheDestination() throws IOException {
        Path file = dir.resolve("fail.vortex");
        DType.Struct schema = new DType.Struct(List.of("x"), List.of(new DType.Primitive(PType.I64, false)), false);
        VortexWriter w = VortexWriter.create(file, schema, small());
        StructArray opaque = new StructArray(schema, List.of(new OpaqueArray("x.unknown", schema.fields().get(0), 5)),
                5, Validity.ALL_VALID);
        assertThatThrownBy(() -> w.write(opaque)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("x.unknown");
        w.close();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
        VortexWriter aborted = VortexWriter.create(file, schema, small());
        aborted.write(Batch.builder(schema).longs("x", new long[] {1, 2, 3}).build());
        aborted.abort();
        aborted.close();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void anExistingFileIsReplacedOnlyOnClose() throws IOException {
        Path file = dir.resolve("replace.vortex");
        Files.writeString(file, "old");
        DType.Struct schema = new DType.Struct(List.of("x"), List.of(new DType.Primitive(PType.I64, false)), false);
        try (VortexWriter w = VortexWriter.create(file, schema, small())) {
            w.write(Batch.builder(schema).longs("x", new long[] {1, 2, 3}).build());
            assertThat(Files.readString(file)).isEqualTo("old");
        }
        assertThat(readRows(file)).hasSize(3);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void schemaMismatchNamesTheColumnAndTheWriterStaysUsable() {
        Path file = dir.resolve("mismatch.vortex");
        DType.Struct schema = new DType.Struct(List.of("x", "s"), List.of(new DType.Primitive(PType.I64, false),
                new DType.Utf8(false)), false);
        try (VortexWriter w = VortexWriter.create(file, schema, small())) {
            DType.Struct other = new DType.Struct(List.of("x", "s"), List.of(new DType.Primitive(PType.I32, false),
                    new DType.Utf8(false)), false);
            StructArray wrong = Batch.builder(other).ints("x", new int[] {1}).strings("s", new String[] {"a"}).build();
            assertThatThrownBy(() -> w.write(wrong)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("column 'x'");
            assertThatThrownBy(() -> Batch.builder(schema).strings("s", new String[] {"a", null}))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("column 's'")
                    .hasMessageContaining("row 1");
            w.write(Batch.builder(schema).longs("x", new long[] {7}).strings("s", new String[] {"ok"}).build());
        }
        assertThat(readRows(file)).hasSize(1);
    }

    @Test
    void editionsRejectWhatTheyCannotHold() {
        DType.Struct fsl = new DType.Struct(List.of("v"), List.of(new DType.FixedSizeList(
                new DType.Primitive(PType.F32, false), 3, false)), false);
        assertThatThrownBy(() -> VortexWriter.create(dir.resolve("f.vortex"), fsl,
                small().withEdition(Edition.CORE2025_06_0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("column 'v'");
        DType.Struct map = new DType.Struct(List.of("m"), List.of(new DType.Map(new DType.Utf8(false),
                new DType.Primitive(PType.I32, true), false, true)), false);
        assertThatThrownBy(() -> VortexWriter.create(dir.resolve("m.vortex"), map,
                small().withEdition(Edition.CORE2026_08_1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("column 'm'");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).isEmpty();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void batchesFromJavaArraysAndScanChunksWrittenBack() {
        DType.Struct schema = new DType.Struct(
                List.of("l", "i", "d", "b", "s", "bin", "dec", "date", "time", "ts", "list", "st", "map"),
                List.of(new DType.Primitive(PType.I64, true), new DType.Primitive(PType.I32, false),
                        new DType.Primitive(PType.F64, true), new DType.Bool(false), new DType.Utf8(true),
                        new DType.Binary(true), new DType.Decimal(12, 2, true), Extensions.date(TimeUnit.DAYS, true),
                        Extensions.time(TimeUnit.MICROSECONDS, false),
                        Extensions.timestamp(TimeUnit.MILLISECONDS, "UTC", true),
                        new DType.List(new DType.Utf8(true), true),
                        new DType.Struct(List.of("p", "q"), List.of(new DType.Primitive(PType.I16, true),
                                new DType.Utf8(false)), true),
                        new DType.Map(new DType.Utf8(false), new DType.Primitive(PType.I32, true), false, true)),
                false);
        Map<String, Integer> twoEntries = new java.util.LinkedHashMap<>();
        twoEntries.put("k1", null);
        twoEntries.put("k2", -4);
        StructArray batch = Batch.builder(schema)
                .longs("l", new long[] {1, 2, 3}, new boolean[] {false, true, false})
                .ints("i", new int[] {-1, 0, 1})
                .doubles("d", new double[] {0.5, Double.NaN, -2})
                .booleans("b", new boolean[] {true, false, true})
                .strings("s", new String[] {"a", null, "ccc"})
                .binaries("bin", new byte[][] {{1, 2}, null, {}})
                .decimals("dec", new BigDecimal[] {new BigDecimal("1.5"), null, new BigDecimal("-12345.67")})
                .dates("date", new LocalDate[] {LocalDate.of(2024, 2, 29), null, LocalDate.of(1969, 12, 31)})
                .times("time", new LocalTime[] {LocalTime.NOON, LocalTime.MIDNIGHT, LocalTime.of(1, 2, 3, 4000)})
                .timestamps("ts", new Instant[] {Instant.ofEpochMilli(5), null, Instant.ofEpochSecond(-1)})
                .values("list", Arrays.asList(List.of("x"), null, Arrays.asList("y", null)))
                .values("st", Arrays.asList(Map.of("p", 3, "q", "z"), null, Arrays.asList(null, "w")))
                .values("map", Arrays.asList(Map.of("a", 1), null, twoEntries))
                .build();
        Path first = write("batch.vortex", schema, List.of(batch, batch), small());
        List<Object> expected = new ArrayList<>(TestSupport.rows(batch));
        expected.addAll(TestSupport.rows(batch));
        assertThat(readRows(first)).isEqualTo(expected);
        assertThat(ScalarAt.get(batch.fields().get(7), 0).value()).isEqualTo(LocalDate.of(2024, 2, 29).toEpochDay());
        assertThat(ScalarAt.get(batch.fields().get(6), 2).asBigInteger()).isEqualTo(new java.math.BigInteger("-1234567"));

        Path copy = dir.resolve("copy.vortex");
        try (VortexReader reader = VortexReader.open(first); ScanIterator scan = reader.scan();
             VortexWriter w = VortexWriter.create(copy, schema, small())) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    w.write(chunk);
                }
            }
        }
        assertThat(readRows(copy)).isEqualTo(expected);
    }

    /**
     * TPC-H's {@code o_clerk} shape: 1,000 distinct 15-byte strings over many rows. On the first zone's
     * ~1 % sample a dictionary sees few repeats and loses to OnPair, but over the whole zone (and more
     * so across zones) it is far smaller, so the column still gets a dictionary layout, as the
     * reference's does.
     */
    @Test
    void repetitiveStringsGetADictionaryLayoutEvenWhenTheSampleFavoursOnPair() throws IOException {
        DType.Struct schema = new DType.Struct(List.of("clerk"), List.of(new DType.Utf8(false)), false);
        int rows = 50_000;
        String[] clerks = new String[rows];
        SplittableRandom random = Seeds.random("VortexWriterTest.repetitiveStrings");
        for (int i = 0; i < rows; i++) {
            clerks[i] = String.format(java.util.Locale.ROOT, "Clerk#%09d", 1 + random.nextInt(1000));
        }
        Compressor compressor = Compressors.of(WriteOptions.defaults());
        Canonical firstZone = Batch.builder(schema).strings("clerk", Arrays.copyOf(clerks,
                WriteOptions.defaults().zoneRows())).build().fields().getFirst();
        // the premise: the sampled choice is not a dictionary
        assertThat(compressor.compress(firstZone).encodingId()).isNotEqualTo("vortex.dict");

        Path file = dir.resolve("clerks.vortex");
        try (VortexWriter writer = VortexWriter.create(file, schema, WriteOptions.defaults())) {
            writer.write(Batch.builder(schema).strings("clerk", clerks).build());
        }
        try (VortexReader reader = VortexReader.open(file)) {
            Layout.Zoned zoned = (Layout.Zoned) ((Layout.Struct) ApiAccess.file(reader).rootLayout()).fields().getFirst();
            assertThat(zoned.data()).isInstanceOf(Layout.Dict.class);
        }
        List<Object> read = readRows(file);
        for (int i = 0; i < rows; i += 613) {
            assertThat(read.get(i)).isEqualTo(TestSupport.row(Batch.builder(schema).strings("clerk", clerks)
                    .build(), i));
        }
    }

    @Test
    void lowCardinalityColumnsGetDictionaryLayoutsThatSplitWhenFull() throws IOException {
        DType.Struct schema = new DType.Struct(List.of("k", "s"), List.of(new DType.Primitive(PType.I32, false),
                new DType.Utf8(true)), false);
        int rows = 200_000;
        int[] keys = new int[rows];
        String[] strings = new String[rows];
        for (int i = 0; i < rows; i++) {
            // the first zone has 10 values spread over the int range (a dictionary beats bit-packing
            // there); later ones add a new value every row, overflowing 65,535 entries
            keys[i] = i < 1024 ? (i % 10) * 400_000_007 - 1_900_000_000 : i;
            strings[i] = i % 7 == 0 ? null : "s" + (i % 5);
        }
        Path file = dir.resolve("dict.vortex");
        WriteOptions options = small().withChunkBytes(64 * 1024);
        Compressor compressor = Compressors.of(options);
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE)) {
            TableWriter writer = new TableWriter(ch, schema, options, compressor, null);
            writer.write(Batch.builder(schema).ints("k", keys).strings("s", strings).build());
            writer.finish();
        }
        List<Object> read = readRows(file);
        assertThat(read).hasSize(rows);
        for (int i = 0; i < rows; i += 997) {
            assertThat(read.get(i)).isEqualTo(TestSupport.row(Batch.builder(schema).ints("k", keys)
                    .strings("s", strings).build(), i));
        }
        try (VortexReader reader = VortexReader.open(file)) {
            Layout.Zoned k = (Layout.Zoned) ((Layout.Struct) ApiAccess.file(reader).rootLayout()).fields().get(0);
            Layout.Chunked runs = (Layout.Chunked) k.data();
            assertThat(runs.children()).hasSize(4).allMatch(l -> l instanceof Layout.Dict);
            Layout.Dict firstRun = (Layout.Dict) runs.children().getFirst();
            assertThat(firstRun.codesType()).isEqualTo(PType.U16);
            assertThat(firstRun.values().rowCount()).isEqualTo(65_535);
            assertThat(firstRun.codes()).isInstanceOf(Layout.Chunked.class);
            Layout.Zoned s = (Layout.Zoned) ((Layout.Struct) ApiAccess.file(reader).rootLayout()).fields().get(1);
            // five strings and the null: one dictionary that never fills
            assertThat(s.data()).isInstanceOf(Layout.Dict.class);
            assertThat(((Layout.Dict) s.data()).values().rowCount()).isEqualTo(6);
        }
    }

    /**
     * The dictionary probe of a string column: distinct values (the dictionary's judgement skips them)
     * keep the compressor's own encoding in a flat layout, values repeated in the first zone get a
     * dictionary layout.
     */
    @Test
    void distinctStringsAreNotProbedIntoADictionaryLayout() throws IOException {
        DType.Struct schema = new DType.Struct(List.of("unique", "repeated"), List.of(new DType.Utf8(false),
                new DType.Utf8(false)), false);
        int rows = 50_000;
        String[] unique = new String[rows];
        String[] repeated = new String[rows];
        for (int i = 0; i < rows; i++) {
            unique[i] = "row number " + i + " of a column whose values never repeat";
            repeated[i] = "one of a few hundred values, number " + (i * 7919 % 300);
        }
        Path file = dir.resolve("probe.vortex");
        WriteOptions options = small();
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE)) {
            TableWriter writer = new TableWriter(ch, schema, options, Compressors.of(options), null);
            writer.write(Batch.builder(schema).strings("unique", unique).strings("repeated", repeated).build());
            writer.finish();
        }
        List<Object> read = readRows(file);
        for (int i = 0; i < rows; i += 991) {
            assertThat(read.get(i)).isEqualTo(TestSupport.row(Batch.builder(schema).strings("unique", unique)
                    .strings("repeated", repeated).build(), i));
        }
        try (VortexReader reader = VortexReader.open(file)) {
            List<Layout> fields = ((Layout.Struct) ApiAccess.file(reader).rootLayout()).fields();
            assertThat(dictionaries(((Layout.Zoned) fields.get(0)).data())).isZero();
            assertThat(((Layout.Zoned) fields.get(1)).data()).isInstanceOf(Layout.Dict.class);
        }
    }

    /** The dictionary layouts in a layout tree (a column whose dictionaries fill up has a chunk of them). */
    private static int dictionaries(Layout layout) {
        return switch (layout) {
            case Layout.Dict d -> 1;
            case Layout.Chunked c -> c.children().stream().mapToInt(VortexWriterTest::dictionaries).sum();
            default -> 0;
        };
    }
}
