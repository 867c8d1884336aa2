package io.jvortex.internal.scan;

import io.jvortex.api.internal.ApiAccess;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.Split;
import io.jvortex.error.VortexException;
import io.jvortex.api.VortexReader;
import io.jvortex.array.Canonical;
import io.jvortex.internal.jsonl.JsonlWriter;
import io.jvortex.internal.layout.Layout;
import io.jvortex.testutil.SampleFiles;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A layout id that no reader knows (a newer writer's) costs only the column that uses it: the file
 * opens, the other columns scan, filter, take and split exactly as before, and the unknown column
 * fails with the id, the column and the byte offset (or reads as null with {@code allowUnknown}).
 * The file is real: the Rust-written {@code mixed_default.vortex}, whose {@code mode} column is its
 * only {@code vortex.dict} layout, with that layout id rewritten in the footer.
 */
class UnknownLayoutTest {
    private static final String UNKNOWN_ID = "vortex.dicX";
    private static final List<String> OTHER_COLUMNS = List.of("id", "price", "comment", "tags", "point");

    private static byte[] original;
    private static byte[] patched;

    @BeforeAll
    static void patchLayoutId() throws IOException {
        original = SampleFiles.bytes("mixed_default.vortex");
        // "vortex.dict" is both an array id and a layout id in the footer: patch each occurrence in
        // turn and keep the one that turns the dict layout into an unknown one.
        byte[] needle = "vortex.dict".getBytes(StandardCharsets.US_ASCII);
        for (int at = indexOf(original, needle, 0); at >= 0; at = indexOf(original, needle, at + 1)) {
            byte[] candidate = original.clone();
            candidate[at + needle.length - 1] = 'X';
            try (VortexReader reader = open(candidate, ReaderOptions.defaults())) {
                if (unknownNodes(ApiAccess.file(reader).rootLayout()).stream().anyMatch(u -> u.encodingId().equals(UNKNOWN_ID))) {
                    patched = candidate;
                    return;
                }
            } catch (VortexException e) {
                // this occurrence was the array id, whose tree no longer decodes; try the next
            }
        }
        throw new AssertionError("no occurrence of vortex.dict is the layout id");
    }

    @Test
    void theFileOpensAndShowsTheUnknownLayoutInItsTree() {
        try (VortexReader reader = open(patched, ReaderOptions.defaults());
             VortexReader before = open(original, ReaderOptions.defaults())) {
            assertThat(reader.schema()).isEqualTo(before.schema());
            assertThat(reader.rowCount()).isEqualTo(before.rowCount());
            List<Layout.Unknown> unknown = unknownNodes(ApiAccess.file(reader).rootLayout());
            assertThat(unknown).singleElement().satisfies(u -> {
                assertThat(u.encodingId()).isEqualTo(UNKNOWN_ID);
                assertThat(u.path()).isEqualTo("root.mode");
                assertThat(u.rowCount()).isEqualTo(before.rowCount());
                assertThat(u.childCount()).isEqualTo(2);
                assertThat(u.byteOffset()).isBetween(1L, (long) patched.length);
            });
        }
    }

    @Test
    void otherColumnsScanExactly() {
        assertThat(rows(patched, ReaderOptions.defaults(), ScanOptions.builder().columns(OTHER_COLUMNS).build()))
                .isEqualTo(rows(original, ReaderOptions.defaults(),
                        ScanOptions.builder().columns(OTHER_COLUMNS).build()))
                .hasSize(3000);
    }

    @Test
    void otherColumnsFilterTakeAndSplitExactly() {
        ScanOptions filtered = ScanOptions.builder().columns("id", "comment").filter("price > 500 AND qty < 20").build();
        List<String> expected = rows(original, ReaderOptions.defaults(), filtered);
        assertThat(expected).isNotEmpty();
        assertThat(rows(patched, ReaderOptions.defaults(), filtered)).isEqualTo(expected);

        long[] picks = {2999, 0, 1234, 7, 1234};
        assertThat(take(patched, picks, "id", "point")).isEqualTo(take(original, picks, "id", "point"));

        try (VortexReader reader = open(patched, ReaderOptions.defaults())) {
            List<Split> splits = reader.splits(1024);
            assertThat(splits.getFirst().rowStart()).isZero();
            assertThat(splits.getLast().rowEnd()).isEqualTo(reader.rowCount());
            List<String> bySplit = new ArrayList<>();
            for (Split s : splits) {
                bySplit.addAll(rows(patched, ReaderOptions.defaults(), ScanOptions.builder().columns("id", "tags")
                        .rowRange(s.rowStart(), s.rowEnd()).build()));
            }
            assertThat(bySplit).isEqualTo(rows(original, ReaderOptions.defaults(),
                    ScanOptions.builder().columns("id", "tags").build()));
        }
    }

    @Test
    void theUnknownColumnFailsNamingIdColumnAndOffset() {
        long offset;
        try (VortexReader reader = open(patched, ReaderOptions.defaults())) {
            offset = unknownNodes(ApiAccess.file(reader).rootLayout()).getFirst().byteOffset();
        }
        List<Function<VortexReader, Object>> uses = List.of(
                r -> drain(r.scan(ScanOptions.builder().columns("mode").build())),
                r -> drain(r.scan()),
                r -> drain(r.scan(ScanOptions.builder().columns("id").filter("mode = 'AIR'").build())),
                r -> {
                    try (Chunk c = r.take(new long[] {5}, "id", "mode")) {
                        return c.rowCount();
                    }
                });
        for (Function<VortexReader, Object> use : uses) {
            try (VortexReader reader = open(patched, ReaderOptions.defaults())) {
                assertThatThrownBy(() -> use.apply(reader))
                        .isInstanceOf(VortexException.class)
                        .hasMessageContaining("'" + UNKNOWN_ID + "'")
                        .hasMessageContaining("column 'mode'")
                        .hasMessageContaining("byte " + offset)
                        .hasMessageContaining("allowUnknown");
            }
        }
    }

    @Test
    void withAllowUnknownTheColumnReadsAsNullAndTheOthersStayExact() {
        ReaderOptions lenient = ReaderOptions.defaults().withAllowUnknown(true);
        try (VortexReader reader = open(patched, lenient);
             ScanIterator scan = reader.scan(ScanOptions.builder().columns("mode").build())) {
            long rows = 0;
            while (scan.hasNext()) {
                try (Chunk c = scan.next()) {
                    assertThat(c.column("mode").nullCount()).isEqualTo(c.rowCount());
                    rows += c.rowCount();
                }
            }
            assertThat(rows).isEqualTo(reader.rowCount());
        }
        assertThat(rows(patched, lenient, ScanOptions.builder().columns(OTHER_COLUMNS).build()))
                .isEqualTo(rows(original, lenient, ScanOptions.builder().columns(OTHER_COLUMNS).build()));
    }

    private static VortexReader open(byte[] bytes, ReaderOptions options) {
        return VortexReader.open(MemorySegment.ofArray(bytes), "mixed_default.vortex", options);
    }

    private static List<String> rows(byte[] bytes, ReaderOptions options, ScanOptions scan) {
        List<String> out = new ArrayList<>();
        try (VortexReader reader = open(bytes, options); ScanIterator it = reader.scan(scan)) {
            while (it.hasNext()) {
                try (Chunk c = it.next()) {
                    out.addAll(jsonl(c.rawArray()));
                }
            }
        }
        return out;
    }

    private static List<String> take(byte[] bytes, long[] picks, String... columns) {
        try (VortexReader reader = open(bytes, ReaderOptions.defaults()); Chunk c = reader.take(picks, columns)) {
            return jsonl(c.rawArray());
        }
    }

    private static List<String> jsonl(Canonical array) {
        StringWriter text = new StringWriter();
        JsonlWriter writer = new JsonlWriter(text);
        writer.write(array);
        writer.flush();
        return text.toString().lines().toList();
    }

    private static long drain(ScanIterator it) {
        long rows = 0;
        try (it) {
            while (it.hasNext()) {
                try (Chunk c = it.next()) {
                    rows += c.rowCount();
                }
            }
        }
        return rows;
    }

    static List<Layout.Unknown> unknownNodes(Layout layout) {
        List<Layout.Unknown> out = new ArrayList<>();
        collect(layout, out);
        return out;
    }

    private static void collect(Layout layout, List<Layout.Unknown> out) {
        if (layout instanceof Layout.Unknown u) {
            out.add(u);
        }
        for (Layout child : layout.children()) {
            collect(child, out);
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle, int from) {
        outer:
        for (int i = from; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
