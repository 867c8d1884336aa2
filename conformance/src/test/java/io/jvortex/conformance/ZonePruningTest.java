package io.jvortex.conformance;

import io.jvortex.api.internal.ApiAccess;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Chunk;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.expr.Expr;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.internal.layout.Layout;
import io.jvortex.testing.TableSpec;
import io.jvortex.testing.TypeSpec;
import io.jvortex.testing.TypeSpec.PrimitiveKind;
import io.jvortex.testing.oracle.RustOracle;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Zone maps and file statistics keep a filtered scan away from data that cannot match: on a
 * Rust-written file whose string column {@code s} is stored as one segment per 8192-row zone, the
 * segments of zones the statistics rule out are never read (counted by {@code VortexFile}), and the
 * rows returned equal both the expected ones and the Rust reader's.
 */
class ZonePruningTest {
    private static final int ZONE = 8192;
    private static final int ROWS = 4 * ZONE + 100;
    private static final String[] MODES = {"AIR", "MAIL", "RAIL", "SHIP", "TRUCK"};

    @TempDir
    static Path dir;
    private static Path file;

    private static String s(long id) {
        return String.format("k%06d-", id) + "p".repeat(140);
    }

    @BeforeAll
    static void write() throws IOException {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < ROWS; i++) {
            int zone = i / ZONE;
            rows.append("{\"id\":").append(i).append(",\"s\":\"").append(s(i)).append("\",\"o\":")
                    .append(zone == 2 ? "null" : Integer.toString(i % 101)).append(",\"c\":\"").append(MODES[zone])
                    .append("\",\"v\":").append(i * 0.5).append("}\n");
        }
        Path jsonl = dir.resolve("zones.jsonl");
        Files.writeString(jsonl, rows, StandardCharsets.UTF_8);
        TableSpec spec = TableSpec.of(new TypeSpec.Field("id", new TypeSpec.Primitive(PrimitiveKind.I64, false)),
                new TypeSpec.Field("s", new TypeSpec.Utf8(false)),
                new TypeSpec.Field("o", new TypeSpec.Primitive(PrimitiveKind.I32, true)),
                new TypeSpec.Field("c", new TypeSpec.Utf8(false)),
                new TypeSpec.Field("v", new TypeSpec.Primitive(PrimitiveKind.F64, false)));
        file = dir.resolve("zones.vortex");
        RustOracle.shared().write(spec, jsonl, file, RustOracle.Strategy.DEFAULT, null, ZONE);
    }

    /** The flat segments of column {@code s}, with their first rows. */
    private record Piece(int segmentId, long start, long rowCount) {
    }

    private static List<Piece> pieces(VortexReader reader) {
        Layout.Struct root = (Layout.Struct) ApiAccess.file(reader).rootLayout();
        Layout s = root.fields().get(root.dtype().indexOf("s"));
        if (s instanceof Layout.Zoned z) {
            s = z.data();
        }
        List<Piece> out = new ArrayList<>();
        long start = 0;
        for (Layout child : s.children()) {
            Layout.Flat flat = (Layout.Flat) child;
            out.add(new Piece(flat.segmentId(), start, flat.rowCount()));
            start += flat.rowCount();
        }
        return out;
    }

    private static List<String> scan(VortexReader reader, String where) {
        StringWriter out = new StringWriter();
        JsonlWriter writer = new JsonlWriter(out);
        try (ScanIterator scan = reader.scan(ScanOptions.builder().columns("s").filter(where).build())) {
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    writer.write(chunk.rawArray());
                }
            }
        }
        writer.flush();
        return out.toString().lines().toList();
    }

    private static void check(String where, LongPredicate matches, LongPredicate zoneMayMatch) {
        try (VortexReader reader = VortexReader.open(file)) {
            List<Piece> pieces = pieces(reader);
            assertThat(pieces).as("one segment per zone for s").hasSize(5);
            ApiAccess.file(reader).resetSegmentReads();
            List<String> got = scan(reader, where);
            List<String> expected = new ArrayList<>();
            for (long id = 0; id < ROWS; id++) {
                if (matches.test(id)) {
                    expected.add("{\"s\":\"" + s(id) + "\"}");
                }
            }
            assertThat(got).as(where).isEqualTo(expected);
            for (Piece p : pieces) {
                long zone = p.start() / ZONE;
                long reads = ApiAccess.file(reader).segmentReadCount(p.segmentId());
                if (zoneMayMatch.test(zone)) {
                    assertThat(reads).as("%s: segment of zone %d", where, zone).isPositive();
                } else {
                    assertThat(reads).as("%s: segment of pruned zone %d", where, zone).isZero();
                }
            }
            List<String> rust = RustOracle.shared().readFiltered(file, Expr.parse(where).bind(reader.schema()),
                    List.of("s"));
            assertThat(got).as("%s against the Rust reader", where).isEqualTo(rust);
        }
    }

    @Test
    void rangeOnTheStringColumnItself() {
        check("s >= 'k016384'", id -> id >= 16384, zone -> zone >= 2);
        check("NOT (s < 'k024576')", id -> id >= 24576, zone -> zone >= 3);
        check("starts_with(s, 'k02')", id -> id >= 20000 && id < 30000, zone -> zone == 2 || zone == 3);
        check("s LIKE 'k0000%'", id -> id < 100, zone -> zone == 0);
    }

    @Test
    void otherColumnsZoneMapsSkipTheProjectedColumn() {
        check("o IS NULL", id -> id / ZONE == 2, zone -> zone == 2);
        check("c = 'SHIP'", id -> id / ZONE == 3, zone -> zone == 3);
        check("c IN ('AIR', 'TRUCK') AND id > 100", id -> id > 100 && (id < ZONE || id >= 4 * ZONE),
                zone -> zone == 0 || zone == 4);
        check("id < 5 OR id > 32800", id -> id < 5 || id > 32800, zone -> zone == 0 || zone == 4);
        check("v BETWEEN 4096.0 AND 4100", id -> id >= 8192 && id <= 8200, zone -> zone == 1);
    }

    @Test
    void fileStatisticsSkipEverything() {
        try (VortexReader reader = VortexReader.open(file)) {
            ApiAccess.file(reader).resetSegmentReads();
            assertThat(scan(reader, "id > 100000 OR v < -1")).isEmpty();
            assertThat(ApiAccess.file(reader).segmentBytesRead()).isZero();
        }
    }
}
