package io.jvortex.cli;

import io.jvortex.api.Chunk;
import io.jvortex.api.LayoutInfo;
import io.jvortex.api.ScanIterator;
import io.jvortex.api.ScanOptions;
import io.jvortex.api.VortexReader;
import io.jvortex.api.Zone;
import io.jvortex.api.internal.ApiAccess;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.UnionArray;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.array.VariantArray;
import io.jvortex.dtype.DType;
import io.jvortex.error.VortexException;
import io.jvortex.internal.file.SegmentSpec;
import io.jvortex.internal.file.VortexFile;
import io.jvortex.internal.layout.Layout;
import io.jvortex.scalar.ArrayStatistics;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.SerializedArray;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What {@code jvx inspect} shows about a file: where its bytes go (per top-level column: data segments
 * by encoding, zone maps), how well each column compresses, its statistics and zone maps, and its layout
 * tree with the encoding tree of every flat segment.
 *
 * <p>Stored bytes are segment lengths from the footer. A data segment's bytes are split among the
 * encodings of its encoding tree by their buffers and metadata; what is left (the array's flatbuffer
 * header and padding) is {@link #HEADERS}. Bytes outside every segment the layout tree names (footer,
 * postscript, alignment between segments, segments of layouts this reader does not know) are the file's
 * {@link #footerBytes}.
 *
 * @param source the file as named on the command line
 * @param fileBytes its size
 * @param rows its rows
 * @param dtype its dtype
 * @param layout its layout tree
 * @param columns the top-level columns (one named {@link SchemaCommand#ROOT} when the root is not a struct)
 * @param encodingBytes stored bytes per encoding over the whole file, largest first
 * @param segmentEncodings the encoding tree of each data segment by segment id (absent when unparsable)
 * @param otherSegmentBytes bytes of segments belonging to no column (a root struct's validity)
 * @param footerBytes bytes outside the segments the layout tree names
 */
record FileReport(String source, long fileBytes, long rows, DType dtype, LayoutInfo layout, List<ColumnReport> columns,
                  Map<String, Long> encodingBytes, Map<Integer, EncodingNode> segmentEncodings, long otherSegmentBytes,
                  long footerBytes) {

    /** The pseudo-encoding of array headers and padding inside data segments. */
    static final String HEADERS = "(array headers, padding)";
    /** The pseudo-encoding of segments whose encoding tree could not be parsed. */
    static final String UNPARSED = "(unparsed)";

    /** How {@link ColumnReport#uncompressedBytes} is computed, for people. */
    static final String UNCOMPRESSED_METHOD = "uncompressed = the canonical size of the decoded values: fixed-width "
            + "values (integers, floats, decimals) at their width, booleans and validity (nullable columns) one bit "
            + "per row, strings and binaries their bytes plus a 4-byte offset per row, lists a 4-byte offset per row "
            + "plus their elements, structs, extensions and maps the sum of their parts; "
            + "ratio = uncompressed / stored data bytes (zone maps not included)";

    /**
     * One top-level column.
     *
     * @param name its name
     * @param dtype its dtype
     * @param dataBytes bytes of its data segments
     * @param zoneMapBytes bytes of its zone-map segments
     * @param encodingBytes its data bytes per encoding (with {@link #HEADERS}), largest first
     * @param uncompressedBytes the canonical size of its decoded values (empty when it could not be decoded)
     * @param decodeError why it could not be decoded, or null
     * @param statistics the file-level statistics the writer stored
     * @param zones its zone map (empty when it has none)
     */
    record ColumnReport(String name, DType dtype, long dataBytes, long zoneMapBytes, Map<String, Long> encodingBytes,
                        OptionalLong uncompressedBytes, String decodeError, ArrayStatistics statistics,
                        List<Zone> zones) {
        /** @return uncompressed / stored data bytes, or NaN when unknown or nothing is stored */
        double ratio() {
            return uncompressedBytes.isPresent() && dataBytes > 0
                    ? (double) uncompressedBytes.getAsLong() / dataBytes : Double.NaN;
        }
    }

    /**
     * One node of a segment's encoding tree.
     *
     * @param encoding the encoding id
     * @param bytes the bytes of its own buffers and metadata
     * @param children its children
     */
    record EncodingNode(String encoding, long bytes, List<EncodingNode> children) {
    }

    /** @return the uncompressed bytes of all columns that could be decoded */
    long uncompressedBytes() {
        return columns.stream().mapToLong(c -> c.uncompressedBytes().orElse(0)).sum();
    }

    /** @return uncompressed / stored data bytes over the columns that could be decoded (NaN: none) */
    double ratio() {
        long stored = columns.stream().filter(c -> c.uncompressedBytes().isPresent())
                .mapToLong(ColumnReport::dataBytes).sum();
        return stored > 0 ? (double) uncompressedBytes() / stored : Double.NaN;
    }

    /** @return the stored data bytes of all columns */
    long dataBytes() {
        return columns.stream().mapToLong(ColumnReport::dataBytes).sum();
    }

    /**
     * Reads everything {@code inspect} shows; decodes every column once (for its uncompressed size).
     *
     * @param reader an open reader
     * @param source the file's name
     * @param progress told the rows decoded
     * @return the report
     */
    static FileReport of(VortexReader reader, String source, Progress progress) {
        VortexFile file = ApiAccess.file(reader);
        DType dtype = reader.schema();
        List<String> names = dtype instanceof DType.Struct s ? s.names() : List.of(SchemaCommand.ROOT);
        List<DType> types = dtype instanceof DType.Struct s ? s.fields() : List.of(dtype);
        Accounting acc = new Accounting(file, names.size());
        acc.walk(file.rootLayout(), -1, false);

        long[] uncompressed = new long[names.size()];
        String[] errors = new String[names.size()];
        decode(reader, dtype, uncompressed, errors, progress);

        Map<String, ArrayStatistics> stats = reader.statistics();
        List<ColumnReport> columns = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            Map<String, Long> enc = acc.columnEncodings.get(i);
            columns.add(new ColumnReport(name, types.get(i), acc.dataBytes[i], acc.zoneBytes[i], sorted(enc),
                    errors[i] == null ? OptionalLong.of(uncompressed[i]) : OptionalLong.empty(), errors[i],
                    stats.getOrDefault(dtype instanceof DType.Struct ? name : "", ArrayStatistics.NONE),
                    zones(reader, name)));
        }
        Map<String, Long> all = new HashMap<>();
        for (Map<String, Long> m : acc.columnEncodings) {
            m.forEach((k, v) -> all.merge(k, v, Long::sum));
        }
        long footer = file.byteSize() - acc.segmentBytes;
        return new FileReport(source, file.byteSize(), reader.rowCount(), dtype, reader.layout(), columns,
                sorted(all), Map.copyOf(acc.encodings), acc.otherBytes, footer);
    }

    /**
     * @param reader an open reader
     * @param column a top-level column name
     * @return its zone map; empty when it has none, one this reader cannot interpret, or the root is no struct
     */
    static List<Zone> zones(VortexReader reader, String column) {
        if (!(reader.schema() instanceof DType.Struct)) {
            return List.of();
        }
        try {
            return reader.zones(column);
        } catch (IllegalArgumentException | VortexException e) {
            return List.of();
        }
    }

    /** Decodes all columns in one scan; when that fails, each column alone, so one bad column spoils only itself. */
    private static void decode(VortexReader reader, DType dtype, long[] uncompressed, String[] errors,
                               Progress progress) {
        try (ScanIterator scan = reader.scan()) {
            long done = 0;
            while (scan.hasNext()) {
                try (Chunk chunk = scan.next()) {
                    Canonical root = chunk.rawArray();
                    if (dtype instanceof DType.Struct && root instanceof StructArray s) {
                        for (int i = 0; i < uncompressed.length; i++) {
                            uncompressed[i] += canonicalBytes(s.fields().get(i));
                        }
                    } else {
                        uncompressed[0] += canonicalBytes(root);
                    }
                    done += chunk.rowCount();
                    progress.update(done, reader.rowCount(), sum(uncompressed));
                }
            }
            return;
        } catch (VortexException | UnsupportedOperationException | IllegalStateException e) {
            if (!(dtype instanceof DType.Struct s)) {
                errors[0] = message(e);
                return;
            }
            java.util.Arrays.fill(uncompressed, 0);
            for (int i = 0; i < uncompressed.length; i++) {
                try (ScanIterator scan = reader.scan(ScanOptions.builder().columns(s.names().get(i)).build())) {
                    while (scan.hasNext()) {
                        try (Chunk chunk = scan.next()) {
                            uncompressed[i] += canonicalBytes(((StructArray) chunk.rawArray()).fields().getFirst());
                        }
                    }
                } catch (VortexException | UnsupportedOperationException | IllegalStateException
                         | IllegalArgumentException perColumn) {
                    errors[i] = message(perColumn);
                }
            }
        }
    }

    private static String message(RuntimeException e) {
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    private static long sum(long[] values) {
        long total = 0;
        for (long v : values) {
            total += v;
        }
        return total;
    }

    private static Map<String, Long> sorted(Map<String, Long> bytes) {
        Map<String, Long> out = new LinkedHashMap<>();
        bytes.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    /**
     * The canonical size of decoded values, as {@link #UNCOMPRESSED_METHOD} says.
     *
     * @param array decoded values
     * @return their size in bytes
     */
    static long canonicalBytes(Canonical array) {
        long rows = array.length();
        long validityBits = array.dtype().nullable() ? rows : 0;
        long bits = validityBits + 8 * switch (array) {
            case PrimitiveArray p -> rows * p.ptype().byteWidth();
            case DecimalArray d -> rows * d.valueByteWidth();
            case VarBinArray v -> 4 * rows + (rows == 0 ? 0 : v.offset((int) rows) - v.offset(0));
            case VarBinViewArray v -> {
                long total = 4 * rows;
                for (int i = 0; i < rows; i++) {
                    total += v.valueLength(i);
                }
                yield total;
            }
            case StructArray s -> s.fields().stream().mapToLong(FileReport::canonicalBytes).sum();
            case ListArray l -> 4 * rows + canonicalBytes(l.elements());
            case ListViewArray l -> 4 * rows + canonicalBytes(l.elements());
            case FixedSizeListArray f -> canonicalBytes(f.elements());
            case MapArray m -> 4 * rows + canonicalBytes(m.keys()) + canonicalBytes(m.values());
            case UnionArray u -> rows + u.children().stream().mapToLong(FileReport::canonicalBytes).sum();
            case VariantArray v -> canonicalBytes(v.metadata()) + canonicalBytes(v.value());
            default -> 0L;
        };
        return switch (array) {
            case BoolArray _ -> (validityBits + rows + 7) / 8;
            // the storage array carries the validity already
            case ExtensionArray e -> canonicalBytes(e.storage());
            default -> (bits + 7) / 8;
        };
    }

    /** Walks the layout tree, adding segment lengths to their columns and encodings. */
    private static final class Accounting {
        final VortexFile file;
        final long[] dataBytes;
        final long[] zoneBytes;
        final List<Map<String, Long>> columnEncodings = new ArrayList<>();
        final Map<Integer, EncodingNode> encodings = new HashMap<>();
        long otherBytes;
        long segmentBytes;

        Accounting(VortexFile file, int columns) {
            this.file = file;
            this.dataBytes = new long[columns];
            this.zoneBytes = new long[columns];
            for (int i = 0; i < columns; i++) {
                columnEncodings.add(new HashMap<>());
            }
        }

        /**
         * @param column the top-level column index, -1 above the top-level struct
         * @param zoneMap whether inside the zones of a zoned layout
         */
        void walk(Layout layout, int column, boolean zoneMap) {
            switch (layout) {
                case Layout.Struct s when column < 0 && s.dtype().equals(file.dtype()) -> {
                    if (s.validity() != null) {
                        walk(s.validity(), -2, false);
                    }
                    for (int i = 0; i < s.fields().size(); i++) {
                        walk(s.fields().get(i), i, false);
                    }
                }
                case Layout.Zoned z -> {
                    walk(z.data(), column, zoneMap);
                    if (z.zones() != null) {
                        walk(z.zones(), column, true);
                    }
                }
                case Layout.Flat f -> segment(f, column == -1 && !(file.dtype() instanceof DType.Struct) ? 0 : column,
                        zoneMap);
                default -> {
                    for (Layout child : layout.children()) {
                        walk(child, column, zoneMap);
                    }
                }
            }
        }

        private void segment(Layout.Flat flat, int column, boolean zoneMap) {
            SegmentSpec spec = file.segmentSpec(flat.segmentId());
            long length = spec.lengthBytes();
            segmentBytes += length;
            if (column == -1 && !zoneMap) {
                wholeTable(flat, spec);
                return;
            }
            if (column < 0 || column >= dataBytes.length) {
                otherBytes += length;
                return;
            }
            if (zoneMap) {
                zoneBytes[column] += length;
                return;
            }
            dataBytes[column] += length;
            Map<String, Long> enc = columnEncodings.get(column);
            EncodingNode tree = parse(flat, spec);
            if (tree == null) {
                enc.merge(UNPARSED, length, Long::sum);
                return;
            }
            encodings.put(flat.segmentId(), tree);
            long buffers = add(tree, enc);
            enc.merge(HEADERS, Math.max(0, length - buffers), Long::sum);
        }

        /** A flat segment of whole rows (a small file): its struct array's fields are the columns. */
        private void wholeTable(Layout.Flat flat, SegmentSpec spec) {
            EncodingNode tree = parse(flat, spec);
            long length = spec.lengthBytes();
            if (tree == null || !tree.encoding().equals("vortex.struct") || tree.children().size() != dataBytes.length) {
                otherBytes += length;
                return;
            }
            encodings.put(flat.segmentId(), tree);
            long fields = 0;
            for (int i = 0; i < dataBytes.length; i++) {
                long bytes = add(tree.children().get(i), columnEncodings.get(i));
                dataBytes[i] += bytes;
                fields += bytes;
            }
            otherBytes += length - fields;
        }

        private EncodingNode parse(Layout.Flat flat, SegmentSpec spec) {
            try {
                SerializedArray array = SerializedArray.parse(file.segment(flat.segmentId()), spec.byteOffset(),
                        file.arrayIds(), file.source(), flat.path());
                return node(array.root(), 0);
            } catch (VortexException | IndexOutOfBoundsException e) {
                return null;
            }
        }

        private static EncodingNode node(ArrayNode node, int depth) {
            long bytes = node.metadata().byteSize();
            for (int i = 0; i < node.bufferCount(); i++) {
                bytes += node.buffer(i).byteSize();
            }
            List<EncodingNode> children = new ArrayList<>();
            if (depth < ArrayNode.MAX_DEPTH) {
                for (int i = 0; i < node.childCount(); i++) {
                    children.add(node(node.child(i), depth + 1));
                }
            }
            return new EncodingNode(node.encodingId(), bytes, List.copyOf(children));
        }

        private static long add(EncodingNode node, Map<String, Long> enc) {
            long total = node.bytes();
            if (total > 0) {
                enc.merge(node.encoding(), total, Long::sum);
            }
            for (EncodingNode child : node.children()) {
                total += add(child, enc);
            }
            return total;
        }
    }
}
