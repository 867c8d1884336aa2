package io.jvortex.internal.encodings.alp;

import io.jvortex.api.internal.ApiAccess;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.VortexReader;
import io.jvortex.array.Canonical;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.OpaqueArray;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Test-only: reads the {@code files_<rows>.vortex} files of a golden directory (the cases' input
 * columns written by the Rust file writer) through {@link VortexReader} and compares every column with
 * its case.
 */
public final class GoldenFiles {
    private GoldenFiles() {
    }

    /** Compares decoded rows of a column with its case. */
    @FunctionalInterface
    public interface RowCheck {
        /**
         * @param c the case the column holds
         * @param rows decoded rows
         * @param firstRow the case row of {@code rows}' row 0
         */
        void check(GoldenCase c, Canonical rows, int firstRow);
    }

    /**
     * What reading one golden directory's files found.
     *
     * @param encodingsByColumn the array encodings in each column's data segments
     * @param compared columns whose every row was compared
     * @param opaque columns left unread because an encoding of theirs is not registered, with the reason
     */
    public record Report(Map<String, Set<String>> encodingsByColumn, List<String> compared, Map<String, String> opaque) {
        /**
         * @param encodingId an array encoding id
         * @return the columns whose data uses it
         */
        public List<String> columnsUsing(String encodingId) {
            return encodingsByColumn.entrySet().stream().filter(e -> e.getValue().contains(encodingId))
                    .map(Map.Entry::getKey).toList();
        }
    }

    /**
     * Scans every file of the directory and checks each column against its case.
     *
     * @param dir the golden directory under {@code golden/}
     * @param cases its cases
     * @param check the comparison
     * @return what was found
     */
    public static Report check(String dir, List<GoldenCase> cases, RowCheck check) {
        Map<String, GoldenCase> byName = new LinkedHashMap<>();
        cases.forEach(c -> byName.put(c.name(), c));
        Map<String, Set<String>> encodings = new LinkedHashMap<>();
        List<String> compared = new ArrayList<>();
        Map<String, String> opaque = new LinkedHashMap<>();
        for (int rows : new TreeSet<>(cases.stream().map(GoldenCase::rows).toList())) {
            String name = "golden/" + dir + "/files_" + rows + ".vortex";
            MemorySegment data = MemorySegment.ofArray(resource(name));
            try (VortexReader reader = VortexReader.open(data, name, ReaderOptions.defaults().withAllowUnknown(true))) {
                assertThat(reader.rowCount()).isEqualTo(rows);
                Layout.Struct root = (Layout.Struct) unwrap(ApiAccess.file(reader).rootLayout());
                for (int f = 0; f < root.fields().size(); f++) {
                    Set<String> ids = new TreeSet<>();
                    collectDataEncodings(ApiAccess.file(reader), root.fields().get(f), ids);
                    encodings.put(root.dtype().names().get(f), ids);
                }
                try (ScanIterator scan = reader.scan()) {
                    while (scan.hasNext()) {
                        try (Chunk chunk = scan.next()) {
                            for (String column : root.dtype().names()) {
                                Canonical values = chunk.rawField(column);
                                Canonical inner = values instanceof ExtensionArray e ? e.storage() : values;
                                if (inner instanceof OpaqueArray o) {
                                    opaque.put(column, o.encodingId() + " not registered");
                                    continue;
                                }
                                GoldenCase c = byName.get(column);
                                assertThat(c).as("case for column %s of %s", column, name).isNotNull();
                                check.check(c, values, (int) chunk.firstRowIndex());
                            }
                        }
                    }
                }
                root.dtype().names().stream().filter(n -> !opaque.containsKey(n)).forEach(compared::add);
            }
        }
        assertThat(encodings.keySet()).as("every case is a column of the files").containsAll(byName.keySet());
        return new Report(encodings, compared, opaque);
    }

    private static Layout unwrap(Layout l) {
        return l instanceof Layout.Zoned z ? unwrap(z.data()) : l;
    }

    /** Collects the array encodings of the data flats under a layout (zone tables excluded). */
    private static void collectDataEncodings(VortexFile file, Layout l, Set<String> out) {
        switch (l) {
            case Layout.Flat flat -> {
                SerializedArray a = SerializedArray.parse(file.segment(flat.segmentId()),
                        file.segmentSpec(flat.segmentId()).byteOffset(), file.arrayIds(), file.source(), flat.path());
                collectNode(a.root(), out);
            }
            case Layout.Zoned z -> collectDataEncodings(file, z.data(), out);
            default -> l.children().forEach(c -> collectDataEncodings(file, c, out));
        }
    }

    private static void collectNode(ArrayNode n, Set<String> out) {
        out.add(n.encodingId());
        for (int i = 0; i < n.childCount(); i++) {
            collectNode(n.child(i), out);
        }
    }

    private static byte[] resource(String path) {
        try (InputStream in = GoldenFiles.class.getResourceAsStream("/" + path)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
