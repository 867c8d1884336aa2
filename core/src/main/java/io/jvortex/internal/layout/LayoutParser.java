package io.jvortex.internal.layout;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.internal.flatbuffers.FbTable;
import io.jvortex.internal.protobuf.ProtoReader;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses the layout flatbuffer into a {@link Layout} tree, deriving every node's dtype from its
 * parent's and validating structure (child counts, row counts, segment ids) once, at open.
 */
public final class LayoutParser {
    /** Deepest layout tree accepted (the reference's default). */
    public static final int MAX_DEPTH = io.jvortex.internal.format.TreeLimits.DEFAULT_DEPTH;
    /**
     * Struct layouts with more fields than this parse each field's subtree on first use instead of at
     * open (see {@link LazyFields}); narrower ones are parsed and checked whole when the file opens.
     */
    public static final int EAGER_FIELDS = 64;
    /** Most layout nodes accepted (the reference's default). */
    public static final int MAX_NODES = io.jvortex.internal.format.TreeLimits.DEFAULT_LAYOUT_NODES;

    private final String source;
    private final List<String> layoutIds;
    private final int segmentCount;
    private final io.jvortex.internal.format.TreeLimits limits;
    private int nodes;
    /** The tables parsed so far, by absolute offset: a table reached twice makes a graph, not a tree. */
    private final io.jvortex.internal.flatbuffers.OffsetSet parsed = new io.jvortex.internal.flatbuffers.OffsetSet();

    /**
     * A layout id this parser does not know becomes a {@link Layout.Unknown} node (its subtree is not
     * parsed), so that a file written by a newer writer still opens and its other columns read; scanning
     * the unknown column is what fails, unless the reader allows unknown ids.
     *
     * @param source the file name, for errors
     * @param layoutIds the footer's layout-id table
     * @param segmentCount the number of segments in the footer
     */
    public LayoutParser(String source, List<String> layoutIds, int segmentCount) {
        this(source, layoutIds, segmentCount, io.jvortex.internal.format.TreeLimits.DEFAULTS);
    }

    /**
     * @param source the file name, for errors
     * @param layoutIds the footer's layout-id table
     * @param segmentCount the number of segments in the footer
     * @param limits the deepest tree and the most nodes accepted
     */
    public LayoutParser(String source, List<String> layoutIds, int segmentCount,
                        io.jvortex.internal.format.TreeLimits limits) {
        this.source = source;
        this.layoutIds = layoutIds;
        this.segmentCount = segmentCount;
        this.limits = limits;
    }

    /**
     * @param root the root {@code Layout} table
     * @param dtype the file dtype
     * @return the parsed tree
     */
    public Layout parse(FbTable root, DType dtype) {
        return parse(root, dtype, "root", 0);
    }

    private VortexException error(FbTable t, String path, String problem) {
        return new VortexException(source, t.absoluteOffset(), path, problem, null);
    }

    private Layout parse(FbTable t, DType dtype, String path, int depth) {
        if (depth > limits.maxDepth()) {
            throw error(t, path, "layout tree deeper than " + limits.maxDepth());
        }
        if (++nodes > limits.maxLayoutNodes()) {
            throw error(t, path, "layout tree has more than " + limits.maxLayoutNodes() + " nodes");
        }
        if (!parsed.add(t.absoluteOffset())) {
            // writers never share a table between parents; sharing lets a few bytes describe
            // exponentially many nodes
            throw error(t, path, "layout table at byte " + t.absoluteOffset() + " is the child of two parents");
        }
        int idx = t.u16(0, 0);
        if (idx >= layoutIds.size()) {
            throw error(t, path, "layout encoding index " + idx + " outside the footer's " + layoutIds.size() + " ids");
        }
        String id = layoutIds.get(idx);
        long rowCount = t.u64(1, 0);
        if (rowCount < 0) {
            throw error(t, path, "row count " + Long.toUnsignedString(rowCount) + " too large");
        }
        MemorySegment metadata = t.bytes(2);
        int nChildren = t.vectorLength(3);
        int nSegments = t.vectorLength(4);
        try {
            return switch (id) {
                case Layout.Flat.ID -> {
                    expect(t, path, id, nChildren, 0, nSegments, 1);
                    long seg = t.u32At(4, 0);
                    if (seg >= segmentCount) {
                        throw error(t, path, "flat layout names segment " + seg + " but the footer has " + segmentCount);
                    }
                    yield new Layout.Flat(path, dtype, rowCount, (int) seg);
                }
                case Layout.Chunked.ID -> {
                    expect(t, path, id, nChildren, -1, nSegments, 0);
                    List<Layout> chunks = new ArrayList<>(nChildren);
                    long sum = 0;
                    for (int i = 0; i < nChildren; i++) {
                        Layout c = parse(t.tableAt(3, i), dtype, path + "/chunk[" + i + "]", depth + 1);
                        sum += c.rowCount();
                        if (sum < 0) {
                            throw error(t, path, "chunk row counts overflow");
                        }
                        chunks.add(c);
                    }
                    if (sum != rowCount) {
                        throw error(t, path, "chunks hold " + sum + " rows, layout declares " + rowCount);
                    }
                    yield new Layout.Chunked(path, dtype, rowCount, List.copyOf(chunks));
                }
                case Layout.Struct.ID -> {
                    if (!(dtype instanceof DType.Struct s)) {
                        throw error(t, path, "struct layout for non-struct dtype " + dtype.display());
                    }
                    // Writers before 0.40 stored nullable structs without a validity child; the
                    // reference (0.91) rejects those files, we read them as all-valid structs.
                    boolean hasValidity = s.nullable() && nChildren == s.fields().size() + 1;
                    int want = s.fields().size() + (hasValidity ? 1 : 0);
                    expect(t, path, id, nChildren, want, nSegments, 0);
                    int c = 0;
                    Layout validity = null;
                    if (hasValidity) {
                        validity = parse(t.tableAt(3, c++), new DType.Bool(false), path + "/validity", depth + 1);
                        checkRows(t, path, validity, rowCount);
                    }
                    if (s.fields().size() > EAGER_FIELDS) {
                        yield new Layout.Struct(path, s, rowCount, validity,
                                new LazyFields(t, c, s, path, depth + 1, rowCount));
                    }
                    List<Layout> fields = new ArrayList<>(s.fields().size());
                    for (int i = 0; i < s.fields().size(); i++) {
                        fields.add(field(t, c + i, s, i, path, depth + 1, rowCount));
                    }
                    yield new Layout.Struct(path, s, rowCount, validity, List.copyOf(fields));
                }
                case Layout.Zoned.ID, Layout.Zoned.LEGACY_ID -> {
                    expect(t, path, id, nChildren, 2, nSegments, 0);
                    long[] zoneLen = new long[1];
                    ZoneSchema schema = id.equals(Layout.Zoned.ID)
                            ? ZoneSchema.parseZoned(metadata, dtype, zoneLen)
                            : ZoneSchema.parseLegacy(metadata, dtype, zoneLen);
                    Layout data = parse(t.tableAt(3, 0), dtype, path, depth + 1);
                    Layout zones = null;
                    if (schema != null) {
                        zones = parse(t.tableAt(3, 1), schema.tableDType(), path + "/zones", depth + 1);
                        if (zones instanceof Layout.Unknown) {
                            // statistics we cannot read only cost pruning, never the data
                            zones = null;
                            schema = null;
                        }
                    }
                    if (zones != null) {
                        long expectZones = zoneLen[0] == 0 ? zones.rowCount()
                                : (data.rowCount() + zoneLen[0] - 1) / zoneLen[0];
                        if (zones.rowCount() != expectZones) {
                            throw error(t, path, "zone table has " + zones.rowCount() + " rows, expected "
                                    + expectZones + " for " + data.rowCount() + " rows in zones of " + zoneLen[0]);
                        }
                    }
                    yield new Layout.Zoned(path, id, dtype, data.rowCount(), data, zones, zoneLen[0], schema);
                }
                case Layout.Dict.ID -> {
                    expect(t, path, id, nChildren, 2, nSegments, 0);
                    PType codesType = PType.U8;
                    Boolean nullableCodes = null;
                    boolean allReferenced = false;
                    ProtoReader r = new ProtoReader(metadata, "DictLayoutMetadata");
                    while (r.next()) {
                        switch (r.field()) {
                            case 1 -> codesType = PType.fromId(r.varint());
                            case 2 -> nullableCodes = r.varint() != 0;
                            case 3 -> allReferenced = r.varint() != 0;
                            default -> r.skip();
                        }
                    }
                    if (!codesType.isUnsignedInteger()) {
                        throw error(t, path, "dictionary codes type must be unsigned, got " + codesType.displayName());
                    }
                    boolean codesNullable = nullableCodes != null ? nullableCodes : dtype.nullable();
                    Layout values = parse(t.tableAt(3, 0), dtype, path + "/values", depth + 1);
                    Layout codes = parse(t.tableAt(3, 1), new DType.Primitive(codesType, codesNullable),
                            path + "/codes", depth + 1);
                    checkRows(t, path, codes, rowCount);
                    yield new Layout.Dict(path, dtype, rowCount, values, codes, codesType, allReferenced);
                }
                case Layout.List.ID -> {
                    if (!(dtype instanceof DType.List l)) {
                        throw error(t, path, "list layout for non-list dtype " + dtype.display());
                    }
                    expect(t, path, id, nChildren, l.nullable() ? 3 : 2, nSegments, 0);
                    PType offsetsType = PType.U8; // the protobuf default of an absent enum field
                    ProtoReader r = new ProtoReader(metadata, "ListLayoutMetadata");
                    while (r.next()) {
                        if (r.field() == 1) {
                            offsetsType = PType.fromId(r.varint());
                        } else {
                            r.skip();
                        }
                    }
                    if (!offsetsType.isInteger()) {
                        throw error(t, path, "list offsets type must be an integer, got " + offsetsType.displayName());
                    }
                    Layout elements = parse(t.tableAt(3, 0), l.element(), path + "/elements", depth + 1);
                    Layout offsets = parse(t.tableAt(3, 1), new DType.Primitive(offsetsType, false),
                            path + "/offsets", depth + 1);
                    // rowCount + 1 offsets; the reference also accepts none for an empty list column
                    if (offsets.rowCount() != rowCount + 1 && !(rowCount == 0 && offsets.rowCount() == 0)) {
                        throw error(t, path, "list offsets have " + offsets.rowCount() + " rows, expected "
                                + (rowCount + 1) + " for " + rowCount + " lists");
                    }
                    Layout validity = null;
                    if (l.nullable()) {
                        validity = parse(t.tableAt(3, 2), new DType.Bool(false), path + "/validity", depth + 1);
                        checkRows(t, path, validity, rowCount);
                    }
                    yield new Layout.List(path, l, rowCount, elements, offsets, validity, offsetsType);
                }
                default -> new Layout.Unknown(path, id, dtype, rowCount, t.absoluteOffset(), nChildren, nSegments);
            };
        } catch (VortexException e) {
            throw e.withContext(source, t.absoluteOffset(), path);
        }
    }

    /** Parses field {@code i} of a struct layout, its table being child {@code child} of {@code t}. */
    private Layout field(FbTable t, int child, DType.Struct s, int i, String path, int depth, long rowCount) {
        Layout f = parse(t.tableAt(3, child), s.fields().get(i), path + "." + s.names().get(i), depth);
        checkRows(t, path, f, rowCount);
        return f;
    }

    /**
     * The fields of a wide struct layout, each parsed (and checked) when first asked for, so that
     * opening a file of many columns and reading a few touches only their part of the layout. The
     * parser's node count and visited tables span these later parses too, so the caps and the
     * one-parent rule hold for the whole tree however it is reached; its lock makes them safe for the
     * many threads sharing a reader. A malformed field fails when it is first used, naming its path.
     */
    private final class LazyFields extends java.util.AbstractList<Layout> implements java.util.RandomAccess {
        private final FbTable table;
        private final int firstChild;
        private final DType.Struct dtype;
        private final String path;
        private final int depth;
        private final long rowCount;
        /** Each field's layout, or the exception its parse threw (thrown again on every later use). */
        private final java.util.concurrent.atomic.AtomicReferenceArray<Object> parsedFields;

        LazyFields(FbTable table, int firstChild, DType.Struct dtype, String path, int depth, long rowCount) {
            this.table = table;
            this.firstChild = firstChild;
            this.dtype = dtype;
            this.path = path;
            this.depth = depth;
            this.rowCount = rowCount;
            this.parsedFields = new java.util.concurrent.atomic.AtomicReferenceArray<>(dtype.fields().size());
        }

        @Override
        public Layout get(int index) {
            Object f = parsedFields.get(index);
            if (f == null) {
                synchronized (LayoutParser.this) {
                    f = parsedFields.get(index);
                    if (f == null) {
                        try {
                            f = field(table, firstChild + index, dtype, index, path, depth, rowCount);
                        } catch (VortexException e) {
                            f = e.withContext(source, table.absoluteOffset(), path);
                        }
                        parsedFields.set(index, f);
                    }
                }
            }
            if (f instanceof VortexException e) {
                // a fresh exception per use: threads and try-with-resources must not share one
                throw new VortexException(e.source(), e.byteOffset(), e.contextPath(), e.problem(), e.getCause());
            }
            return (Layout) f;
        }

        @Override
        public int size() {
            return parsedFields.length();
        }
    }

    private void expect(FbTable t, String path, String id, int children, int wantChildren, int segments,
                        int wantSegments) {
        if (wantChildren >= 0 && children != wantChildren && children >= 0) {
            throw error(t, path, id + " layout has " + children + " children, expected " + wantChildren);
        }
        if (segments != wantSegments) {
            throw error(t, path, id + " layout has " + segments + " segments, expected " + wantSegments);
        }
    }

    private void checkRows(FbTable t, String path, Layout child, long rowCount) {
        if (child.rowCount() != rowCount) {
            throw error(t, path, "child " + child.path() + " has " + child.rowCount() + " rows, expected " + rowCount);
        }
    }
}
