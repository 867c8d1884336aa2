package io.jvortex.conformance;

import io.jvortex.api.internal.ApiAccess;
import static io.jvortex.conformance.TableChunks.*;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Edition;
import io.jvortex.api.VortexReader;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.encodings.zstd.ZstdScheme;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.internal.zstd.Zstd;
import io.jvortex.internal.zstd.ZstdCompressor;
import java.lang.foreign.MemorySegment;
import io.jvortex.testing.RandomTables;
import io.jvortex.testing.RandomTables.ColumnPlan;
import io.jvortex.testing.RandomTables.GeneratedTable;
import io.jvortex.testing.RandomTables.NullShape;
import io.jvortex.testing.RandomTables.ValueShape;
import io.jvortex.testing.Seeds;
import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.oracle.RustOracle;
import io.jvortex.internal.write.FileWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strings and byte strings written as {@code vortex.zstd} by the pure-Java encoder are read
 * value-exact by the Rust reader (libzstd decodes our frames) and by jvortex, for every edition that
 * has the encoding; the compression ratio is compared with the Rust compact writer on the same data.
 */
class ZstdWriteConformanceTest {
    @TempDir
    Path dir;

    private static Compressor compressor(Edition edition) {
        List<Scheme> schemes = new ArrayList<>(BuiltinSchemes.defaults());
        schemes.add(ZstdScheme.STRING);
        schemes.add(ZstdScheme.BINARY);
        return new Compressor(schemes, edition::allowsArray);
    }

    private static List<ColumnPlan> plans() {
        List<ColumnPlan> plans = new ArrayList<>();
        List<TypeSpec> types = List.of(new TypeSpec.Utf8(true), new TypeSpec.Utf8(false), new TypeSpec.Binary(true),
                new TypeSpec.Binary(false));
        int i = 0;
        for (TypeSpec type : types) {
            for (ValueShape shape : List.of(ValueShape.RANDOM, ValueShape.LOW_CARDINALITY, ValueShape.RUNS,
                    ValueShape.EDGES)) {
                NullShape nulls = type.nullable() ? (i % 3 == 2 ? NullShape.ALL : NullShape.SOME) : NullShape.NONE;
                plans.add(new ColumnPlan("c" + i++ + "_" + type.typeName() + "_" + shape.name().toLowerCase(), type,
                        shape, nulls));
            }
        }
        return plans;
    }

    private static boolean mentions(Path file, String id) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains(id);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void randomStringAndBinaryTablesAreReadValueExactByRustAndJvortex() {
        long seed = Seeds.seed("ZstdWriteConformanceTest.randomTables");
        GeneratedTable table = RandomTables.generatePlanned(seed, plans(), 12_000);
        int[] lengths = {1, 11_999};
        boolean views = false;
        for (Edition edition : Edition.values()) {
            List<StructArray> chunks = chunks(table, lengths, views, false);
            List<String> ours = jsonl(chunks);
            assertThat(ours).as("test arrays vs generated rows, seed %d", seed).isEqualTo(table.rows());
            Path file = dir.resolve(edition.id() + ".vortex");
            FileWriter.write(file, schema(table.spec()), chunks.iterator(), compressor(edition)::compress);
            boolean zstdAllowed = edition.allowsArray("vortex.zstd");
            assertThat(mentions(file, "vortex.zstd")).as("%s uses vortex.zstd", edition.id()).isEqualTo(zstdAllowed);
            assertThat(RustOracle.shared().read(file)).as("Rust reader, %s, views %s, seed %d", edition.id(), views, seed)
                    .isEqualTo(ours);
            assertThat(readWithJvortex(file)).as("jvortex reader, %s, seed %d", edition.id(), seed).isEqualTo(ours);
            views = !views;
        }
    }

    private static byte[] decompress(byte[] frame) {
        byte[] values = new byte[Math.toIntExact(Zstd.frameContentSize(MemorySegment.ofArray(frame)))];
        Zstd.decompress(MemorySegment.ofArray(frame), MemorySegment.ofArray(values));
        return values;
    }

    /** Log-like lines: repeated structure, varying numbers and words — what Zstandard is for. */
    private static List<Object> logLines(SplittableRandom r, int n) {
        String[] levels = {"INFO", "WARN", "DEBUG", "ERROR"};
        String[] services = {"ingest", "query-planner", "segment-cache", "http", "compactor"};
        String[] verbs = {"opened", "flushed", "evicted", "scanned", "rejected", "retried"};
        List<Object> out = new ArrayList<>(n);
        long t = 1_700_000_000_000L;
        for (int i = 0; i < n; i++) {
            t += r.nextInt(2000);
            out.add(t + " " + levels[r.nextInt(10) < 7 ? 0 : r.nextInt(4)] + " [" + services[r.nextInt(5)] + "] "
                    + verbs[r.nextInt(6)] + " segment " + r.nextInt(5000) + " in " + r.nextInt(900) + "ms"
                    + (r.nextInt(8) == 0 ? " (user=u" + r.nextInt(100) + ", bytes=" + r.nextLong(1L << 30) + ")" : ""));
        }
        return out;
    }

    /** The zstd frames of a file's {@code vortex.zstd} data arrays (not its zone maps). */
    private static List<byte[]> zstdFrames(Path path) {
        List<Layout.Flat> flats = new ArrayList<>();
        List<byte[]> frames = new ArrayList<>();
        try (VortexReader reader = VortexReader.open(path)) {
            VortexFile file = ApiAccess.file(reader);
            dataFlats(ApiAccess.file(reader).rootLayout(), flats);
            for (Layout.Flat flat : flats) {
                SerializedArray array = SerializedArray.parse(file.segment(flat.segmentId()),
                        file.segmentSpec(flat.segmentId()).byteOffset(), file.arrayIds(), file.source(), flat.path());
                addZstd(array.root(), frames);
            }
        }
        return frames;
    }

    private static void dataFlats(Layout layout, List<Layout.Flat> out) {
        switch (layout) {
            case Layout.Flat flat -> out.add(flat);
            case Layout.Zoned zoned -> dataFlats(zoned.data(), out);
            case Layout.Chunked chunked -> chunked.children().forEach(c -> dataFlats(c, out));
            case Layout.Struct struct -> struct.fields().forEach(c -> dataFlats(c, out));
            default -> throw new IllegalStateException("unexpected layout " + layout.encodingId());
        }
    }

    private static void addZstd(ArrayNode node, List<byte[]> frames) {
        if (node.encodingId().equals("vortex.zstd")) {
            for (int b = 0; b < node.bufferCount(); b++) {
                frames.add(node.buffer(b).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            }
        }
        for (int c = 0; c < node.childCount(); c++) {
            addZstd(node.child(c), frames);
        }
    }

    @Test
    void logLinesCompressAboutAsWellAsTheRustCompactWriter() throws IOException {
        long seed = Seeds.seed("ZstdWriteConformanceTest.ratio");
        SplittableRandom r = new SplittableRandom(seed);
        int rows = 60_000;
        List<Object> lines = logLines(r, rows);
        TypeSpec type = new TypeSpec.Utf8(false);
        TableSpec spec = TableSpec.of(new TypeSpec.Field("line", type));
        DType.Struct schema = schema(spec);
        TableArrays arrays = new TableArrays(true);
        StructArray chunk = new StructArray(schema, List.of(arrays.array(type, lines)), rows, Validity.ALL_VALID);
        List<String> ours = jsonl(List.of(chunk));
        Path rowsFile = dir.resolve("rows.jsonl");
        Files.write(rowsFile, ours);

        Path java = dir.resolve("java.vortex");
        Path plain = dir.resolve("plain.vortex");
        Path rustCompact = dir.resolve("rust-compact.vortex");
        Path rustDefault = dir.resolve("rust-default.vortex");
        FileWriter.write(java, schema, List.of(chunk).iterator(), compressor(Edition.DEFAULT)::compress);
        FileWriter.write(plain, schema, List.of(chunk).iterator());
        RustOracle oracle = RustOracle.shared();
        oracle.write(spec, rowsFile, rustCompact, RustOracle.Strategy.COMPACT, null);
        oracle.write(spec, rowsFile, rustDefault, RustOracle.Strategy.DEFAULT, null);
        assertThat(oracle.read(java)).isEqualTo(ours);

        long javaBytes = Files.size(java);
        long plainBytes = Files.size(plain);
        long compactBytes = Files.size(rustCompact);
        long defaultBytes = Files.size(rustDefault);
        System.out.printf("ZstdWriteConformanceTest: %d log lines: uncompressed %d B, jvortex zstd %d B (%.2fx),"
                        + " Rust compact %d B (%.2fx), Rust default %d B (%.2fx)%n", rows, plainBytes, javaBytes,
                (double) plainBytes / javaBytes, compactBytes, (double) plainBytes / compactBytes, defaultBytes,
                (double) plainBytes / defaultBytes);
        assertThat(javaBytes).as("zstd beats the uncompressed file").isLessThan(plainBytes / 3);

        // Frame for frame against libzstd (level 3) on the same contents: every frame of ours, compressed again
        // by libzstd through the oracle, and every frame the Rust compact writer made (it picks zstd for some,
        // all or none of the chunks of these lines, depending on the seed), compressed again by ours.
        List<byte[]> javaFrames = zstdFrames(java);
        assertThat(javaFrames).as("every chunk of ours is zstd: 8192 lines per frame").hasSize((rows + 8191) / 8192);
        ZstdCompressor compressor = new ZstdCompressor();
        long ourContent = 0;
        long ourFrames = 0;
        long libzstdOfOurs = 0;
        Path content = dir.resolve("frame.bin");
        Path reference = dir.resolve("frame.zst");
        for (byte[] frame : javaFrames) {
            byte[] values = decompress(frame);
            Files.write(content, values);
            long size = oracle.zstdCompress(content, reference, 3);
            assertThat(decompress(Files.readAllBytes(reference))).as("libzstd's frame decoded by ours").isEqualTo(values);
            ourContent += values.length;
            ourFrames += frame.length;
            libzstdOfOurs += size;
        }
        List<byte[]> rustFrames = zstdFrames(rustCompact);
        long rustContent = 0;
        long libzstd = 0;
        long jvortex = 0;
        for (byte[] frame : rustFrames) {
            byte[] values = decompress(frame);
            byte[] recompressed = compressor.compress(values, 0, values.length);
            assertThat(decompress(recompressed)).isEqualTo(values);
            rustContent += values.length;
            libzstd += frame.length;
            jvortex += recompressed.length;
        }
        System.out.printf("ZstdWriteConformanceTest: our %d zstd frames (%d B of values): jvortex %d B (%.3fx),"
                        + " libzstd %d B (%.3fx); the Rust compact file's %d frames (%d B of values): libzstd %d B,"
                        + " jvortex %d B%n", javaFrames.size(), ourContent, ourFrames,
                (double) ourContent / ourFrames, libzstdOfOurs, (double) ourContent / libzstdOfOurs,
                rustFrames.size(), rustContent, libzstd, jvortex);
        assertThat((double) ourFrames).as("within 5%% of libzstd level 3 on our frames' contents, seed %d", seed)
                .isLessThan(libzstdOfOurs * 1.05);
        assertThat((double) jvortex).as("within 5%% of libzstd level 3 on the Rust frames' contents, seed %d", seed)
                .isLessThanOrEqualTo(libzstd * 1.05);
    }
}
