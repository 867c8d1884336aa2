package io.jvortex.arrow;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Take;
import io.jvortex.array.UnionArray;
import io.jvortex.array.Validities;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.error.VortexException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns the nodes and buffers of one Arrow IPC record batch into jvortex canonical arrays, zero-copy where
 * the layouts agree. Everything read from the batch is checked first: buffer ranges against the body, buffer
 * sizes against the node lengths, offsets, views and run ends against the data they index; anything wrong is
 * a {@link VortexException} naming the column.
 */
final class IpcDecoder {
    private static final ValueLayout.OfInt I32 = IpcEncoder.I32;
    private static final ValueLayout.OfLong I64 = IpcEncoder.I64;
    private static final int MAX_DEPTH = 64;

    private final ArraySource source;
    private final Map<Long, Canonical> dictionaries;
    private final String what;

    /**
     * Where the decoder takes field nodes and buffers from, in pre-order: an IPC record batch or a C Data
     * Interface array tree.
     */
    interface ArraySource {
        /**
         * @param path the column, for errors
         * @return {total length (offset + length), null count (-1 when unknown), offset}, checked
         */
        long[] node(String path);

        /**
         * @param path the column, for errors
         * @return the next buffer (empty for an absent one)
         */
        MemorySegment buffer(String path);

        /**
         * @param path the column, for errors
         * @return how many data buffers the view array being decoded has
         */
        long variadicCount(String path);
    }

    /**
     * @param source the nodes and buffers
     * @param dictionaries the dictionaries read so far, by id
     * @param what the message, for errors
     */
    IpcDecoder(ArraySource source, Map<Long, Canonical> dictionaries, String what) {
        this.source = source;
        this.dictionaries = dictionaries;
        this.what = what;
    }

    /**
     * Decodes the next column.
     *
     * @param f its field
     * @param rows the batch length it must have at least
     * @return its values, of type {@link ArrowSchemas#toDType(ArrowField)}, exactly {@code rows} long
     */
    Canonical column(ArrowField f, int rows) {
        Canonical c = decode(f, f.name(), 0);
        return fit(c, rows, f.name());
    }

    private VortexException bad(String path, String problem) {
        return new VortexException(what + ", column '" + path + "': " + problem);
    }

    private long[] nextNode(String path) {
        return source.node(path);
    }

    private MemorySegment nextBuffer(String path) {
        return source.buffer(path);
    }

    /** @return the buffer, of exactly {@code bytes} bytes; an error when it is shorter */
    private MemorySegment need(MemorySegment b, long bytes, String path, String which) {
        if (b.byteSize() < bytes) {
            throw bad(path, which + " buffer has " + b.byteSize() + " bytes, " + bytes + " needed");
        }
        return b.asSlice(0, bytes);
    }

    private Validity validity(ArrowField f, long[] nd, String path) {
        MemorySegment b = nextBuffer(path);
        return validity(f, nd, b, path);
    }

    private Validity validity(ArrowField f, long[] nd, MemorySegment b, String path) {
        int n = (int) nd[0];
        if (nd[1] == 0 || (nd[1] < 0 && (b.byteSize() == 0 || !f.nullable()))) {
            return Validity.ALL_VALID;
        }
        if (!f.nullable()) {
            throw bad(path, "non-nullable field has " + nd[1] + " nulls");
        }
        if (b.byteSize() == 0) {
            if (nd[1] == n - nd[2]) {
                return Validity.ALL_INVALID;
            }
            throw bad(path, nd[1] + " nulls but no validity buffer");
        }
        return new Validity.Bitmap(need(b, (n + 7L) / 8, path, "validity"), 0);
    }

    private Canonical decode(ArrowField f, String path, int depth) {
        if (depth > MAX_DEPTH) {
            throw bad(path, "nested deeper than " + MAX_DEPTH);
        }
        try {
            long[] nd = nextNode(path);
            Canonical c = f.dictionary() != null ? dictionary(f, nd, path) : plain(f, nd, path, depth);
            return nd[2] == 0 ? c : c.slice((int) nd[2], (int) (nd[0] - nd[2]));
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw bad(path, e.getMessage());
        } catch (VortexException e) {
            // core's checks (take indices, array invariants) do not know the input: name it
            throw e.getMessage().startsWith(what) ? e : bad(path, e.getMessage());
        }
    }

    private Canonical dictionary(ArrowField f, long[] nd, String path) {
        ArrowField.DictionaryEncoding d = f.dictionary();
        Canonical values = dictionaries.get(d.id());
        if (values == null) {
            throw bad(path, "dictionary " + d.id() + " has not been sent");
        }
        Validity v = validity(f, nd, path);
        PType ip = ArrowSchemas.intPType(d.indexType());
        MemorySegment idx = need(nextBuffer(path), nd[0] * ip.byteWidth(), path, "indices");
        PrimitiveArray indices = new PrimitiveArray(new DType.Primitive(ip, f.nullable()), idx, (int) nd[0], v);
        Canonical out = Take.take(values, indices, IpcEncoder.ALLOC);
        if (out.dtype().nullable() != f.nullable()) {
            // the dictionary's own nullability may differ from the field's
            if (!f.nullable() && out.validity().nullCount(out.length()) > 0) {
                throw bad(path, "non-nullable field has nulls in its dictionary values");
            }
            out = Validities.withValidity(out, out.validity(), f.nullable());
        }
        return out;
    }


    private Canonical plain(ArrowField f, long[] nd, String path, int depth) {
        DType dt = ArrowSchemas.toDType(f);
        if (f.type() instanceof ArrowType.Null) {
            return new NullArray((int) nd[0]);
        }
        if (f.type() instanceof ArrowType.RunEndEncoded) {
            return runEnds(f, nd, dt, path, depth);
        }
        if (f.type() instanceof ArrowType.Union u) {
            return union(f, nd, u, (DType.Union) dt, path, depth);
        }
        int n = (int) nd[0];
        Validity v = validity(f, nd, path);
        boolean nullable = f.nullable();
        return switch (f.type()) {
            case ArrowType.Bool x -> new BoolArray((DType.Bool) dt, need(nextBuffer(path), (n + 7L) / 8, path,
                    "values"), 0, n, v);
            case ArrowType.Int i -> primitive(ArrowSchemas.intPType(i), nullable, n, v, path);
            case ArrowType.FloatingPoint fp -> primitive(switch (fp.precision()) {
                case HALF -> PType.F16;
                case SINGLE -> PType.F32;
                case DOUBLE -> PType.F64;
            }, nullable, n, v, path);
            case ArrowType.Duration x -> primitive(PType.I64, nullable, n, v, path);
            case ArrowType.Date _, ArrowType.Time _, ArrowType.Timestamp _ -> {
                DType.Extension ext = (DType.Extension) dt;
                PType p = ((DType.Primitive) ext.storage()).ptype();
                yield new ExtensionArray(ext, primitive(p, nullable, n, v, path));
            }
            case ArrowType.Decimal d -> {
                int w = d.bitWidth() / 8;
                yield new DecimalArray((DType.Decimal) dt, w, need(nextBuffer(path), (long) n * w, path, "values"), n,
                        v);
            }
            case ArrowType.Utf8 x -> varBin(dt, false, n, v, path);
            case ArrowType.Binary x -> varBin(dt, false, n, v, path);
            case ArrowType.LargeUtf8 x -> varBin(dt, true, n, v, path);
            case ArrowType.LargeBinary x -> varBin(dt, true, n, v, path);
            case ArrowType.Utf8View x -> views(dt, n, v, path);
            case ArrowType.BinaryView x -> views(dt, n, v, path);
            case ArrowType.FixedSizeBinary fb -> fixedBinary(dt, fb.byteWidth(), n, v, path);
            case ArrowType.List x -> list(f, (DType.List) dt, false, n, v, path, depth);
            case ArrowType.LargeList x -> list(f, (DType.List) dt, true, n, v, path, depth);
            case ArrowType.ListView x -> listView(f, (DType.List) dt, false, n, v, path, depth);
            case ArrowType.LargeListView x -> listView(f, (DType.List) dt, true, n, v, path, depth);
            case ArrowType.FixedSizeList fl -> {
                Canonical elements = decode(f.children().getFirst(), path + ".item", depth + 1);
                yield new FixedSizeListArray((DType.FixedSizeList) dt,
                        fit(elements, (long) n * fl.listSize(), path + ".item"), n, v);
            }
            case ArrowType.Struct x -> {
                List<Canonical> fields = new ArrayList<>();
                for (ArrowField c : f.children()) {
                    fields.add(fit(decode(c, path + "." + c.name(), depth + 1), n, path + "." + c.name()));
                }
                yield new StructArray((DType.Struct) dt, fields, n, v);
            }
            case ArrowType.Map x -> map(f, (DType.Map) dt, n, v, path, depth);
            case ArrowType.Interval x -> throw bad(path, "intervals have no Vortex type");
            default -> throw bad(path, "unexpected type " + f.type());
        };
    }

    /** @return {@code c} cut to {@code rows}; an error when it is shorter */
    private Canonical fit(Canonical c, long rows, String path) {
        if (c.length() < rows) {
            throw bad(path, "child has " + c.length() + " rows, " + rows + " needed");
        }
        return c.length() == rows ? c : c.slice(0, (int) rows);
    }

    private PrimitiveArray primitive(PType p, boolean nullable, int n, Validity v, String path) {
        MemorySegment values = need(nextBuffer(path), (long) n * p.byteWidth(), path, "values");
        return new PrimitiveArray(new DType.Primitive(p, nullable), values, n, v);
    }

    /** Checks {@code n + 1} offsets (none for an empty array) ascend within [0, limit]. */
    private PrimitiveArray offsets(MemorySegment b, boolean large, int n, long limit, String path) {
        int w = large ? 8 : 4;
        if (n == 0 && b.byteSize() < w) {
            b = IpcEncoder.ALLOC.allocate(w);
        }
        MemorySegment o = need(b, (long) (n + 1) * w, path, "offsets");
        long prev = -1;
        for (int i = 0; i <= n; i++) {
            long x = large ? o.getAtIndex(I64, i) : o.getAtIndex(I32, i);
            if (x < 0 || x < prev || x > limit) {
                throw bad(path, "offset " + i + " is " + x + (x > limit ? ", past the " + limit + " available"
                        : ", not ascending"));
            }
            prev = x;
        }
        return new PrimitiveArray(new DType.Primitive(large ? PType.I64 : PType.I32, false), o, n + 1,
                Validity.ALL_VALID);
    }

    private Canonical varBin(DType dt, boolean large, int n, Validity v, String path) {
        MemorySegment offsetsBuffer = nextBuffer(path);
        MemorySegment data = nextBuffer(path);
        PrimitiveArray offsets = offsets(offsetsBuffer, large, n, data.byteSize(), path);
        return new VarBinArray(dt, offsets, data.asSlice(0, offsets.getLong(n)), n, v);
    }

    private Canonical views(DType dt, int n, Validity v, String path) {
        MemorySegment views = need(nextBuffer(path), 16L * n, path, "views");
        long count = source.variadicCount(path);
        List<MemorySegment> data = new ArrayList<>((int) count);
        for (int i = 0; i < count; i++) {
            data.add(nextBuffer(path));
        }
        for (int i = 0; i < n; i++) {
            int len = views.get(I32, 16L * i);
            if (len < 0) {
                throw bad(path, "view " + i + " has length " + len);
            }
            if (len > VarBinViewArray.MAX_INLINE) {
                int index = views.get(I32, 16L * i + 8);
                long offset = Integer.toUnsignedLong(views.get(I32, 16L * i + 12));
                if (index < 0 || index >= count || offset + len > data.get(index).byteSize()) {
                    throw bad(path, "view " + i + " points outside its data buffer");
                }
            }
        }
        return new VarBinViewArray(dt, views, data, n, v);
    }

    private Canonical fixedBinary(DType dt, int width, int n, Validity v, String path) {
        MemorySegment data = need(nextBuffer(path), (long) n * width, path, "values");
        if (dt instanceof DType.Extension ext) {
            DType.FixedSizeList fsl = (DType.FixedSizeList) ext.storage();
            PrimitiveArray bytes = new PrimitiveArray((DType.Primitive) fsl.element(), data, n * width,
                    Validity.ALL_VALID);
            return new ExtensionArray(ext, new FixedSizeListArray(fsl, bytes, n, v));
        }
        MemorySegment offsets = IpcEncoder.ALLOC.allocate(8L * (n + 1));
        for (int i = 0; i <= n; i++) {
            offsets.setAtIndex(I64, i, (long) i * width);
        }
        return new VarBinArray(dt, new PrimitiveArray(new DType.Primitive(PType.I64, false), offsets, n + 1,
                Validity.ALL_VALID), data, n, v);
    }

    private Canonical list(ArrowField f, DType.List dt, boolean large, int n, Validity v, String path, int depth) {
        MemorySegment offsetsBuffer = nextBuffer(path);
        Canonical elements = decode(f.children().getFirst(), path + ".item", depth + 1);
        PrimitiveArray offsets = offsets(offsetsBuffer, large, n, elements.length(), path);
        return new ListArray(dt, elements, offsets, n, v);
    }

    private Canonical listView(ArrowField f, DType.List dt, boolean large, int n, Validity v, String path,
                               int depth) {
        int w = large ? 8 : 4;
        MemorySegment offsets = need(nextBuffer(path), (long) n * w, path, "offsets");
        MemorySegment sizes = need(nextBuffer(path), (long) n * w, path, "sizes");
        Canonical elements = decode(f.children().getFirst(), path + ".item", depth + 1);
        for (int i = 0; i < n; i++) {
            long o = large ? offsets.getAtIndex(I64, i) : offsets.getAtIndex(I32, i);
            long s = large ? sizes.getAtIndex(I64, i) : sizes.getAtIndex(I32, i);
            if (v.isValid(i) && (o < 0 || s < 0 || o + s > elements.length())) {
                throw bad(path, "list view " + i + " [" + o + ", +" + s + ") outside its " + elements.length()
                        + " elements");
            }
        }
        if (v.nullCount(n) > 0) {
            // null rows may hold anything: make them empty
            MemorySegment o2 = IpcEncoder.ALLOC.allocate((long) n * w);
            MemorySegment s2 = IpcEncoder.ALLOC.allocate((long) n * w);
            for (int i = 0; i < n; i++) {
                if (v.isValid(i)) {
                    MemorySegment.copy(offsets, (long) i * w, o2, (long) i * w, w);
                    MemorySegment.copy(sizes, (long) i * w, s2, (long) i * w, w);
                }
            }
            offsets = o2;
            sizes = s2;
        }
        DType.Primitive p = new DType.Primitive(large ? PType.I64 : PType.I32, false);
        return new ListViewArray(dt, elements, new PrimitiveArray(p, offsets, n, Validity.ALL_VALID),
                new PrimitiveArray(p, sizes, n, Validity.ALL_VALID), n, v);
    }

    private Canonical map(ArrowField f, DType.Map dt, int n, Validity v, String path, int depth) {
        MemorySegment offsetsBuffer = nextBuffer(path);
        ArrowField entriesField = f.children().getFirst();
        if (entriesField.children().size() != 2) {
            throw bad(path, "map entries have " + entriesField.children().size() + " fields, expected 2");
        }
        long[] ent = nextNode(path);
        if (ent[1] > 0) {
            throw bad(path, "map entries struct has nulls");
        }
        nextBuffer(path);
        int total = (int) ent[0];
        int skip = (int) ent[2];
        int len = total - skip;
        Canonical keys = fit(decode(entriesField.children().get(0), path + ".key", depth + 1), total, path + ".key")
                .slice(skip, len);
        Canonical values = fit(decode(entriesField.children().get(1), path + ".value", depth + 1), total,
                path + ".value").slice(skip, len);
        PrimitiveArray offsets = offsets(offsetsBuffer, false, n, len, path);
        StructArray entries = new StructArray(dt.entry(), List.of(keys, values), len, Validity.ALL_VALID);
        ListArray list = new ListArray(dt.entries(), entries, offsets, n, v);
        return new MapArray(dt, Canonicals.toListView(list, IpcEncoder.ALLOC));
    }

    private Canonical runEnds(ArrowField f, long[] nd, DType dt, String path, int depth) {
        int n = (int) nd[0];
        Canonical ends = decode(f.children().get(0), path + ".run_ends", depth + 1);
        Canonical values = decode(f.children().get(1), path + ".values", depth + 1);
        if (!(ends instanceof PrimitiveArray pe) || !pe.ptype().isInteger() || pe.validity().nullCount(pe.length()) > 0) {
            throw bad(path, "run ends must be non-null integers");
        }
        if (pe.length() > values.length()) {
            throw bad(path, pe.length() + " runs but " + values.length() + " values");
        }
        MemorySegment idx = IpcEncoder.ALLOC.allocate(4L * n);
        long prev = 0;
        int row = 0;
        for (int r = 0; r < pe.length() && row < n; r++) {
            long end = pe.getLong(r);
            if (end <= prev) {
                throw bad(path, "run end " + r + " is " + end + ", not ascending");
            }
            for (; row < Math.min(end, n); row++) {
                idx.setAtIndex(I32, row, r);
            }
            prev = end;
        }
        if (row < n) {
            throw bad(path, "runs cover " + row + " of " + n + " rows");
        }
        Canonical out = Take.take(values, new PrimitiveArray(new DType.Primitive(PType.I32, false), idx, n,
                Validity.ALL_VALID), IpcEncoder.ALLOC);
        return out.dtype().equals(dt) ? out : Validities.withValidity(out, out.validity(), dt.nullable());
    }

    private Canonical union(ArrowField f, long[] nd, ArrowType.Union u, DType.Union dt, String path, int depth) {
        int n = (int) nd[0];
        MemorySegment ids = need(nextBuffer(path), n, path, "type ids");
        MemorySegment offsets = u.mode() == ArrowType.UnionMode.DENSE ? need(nextBuffer(path), 4L * n, path,
                "offsets") : null;
        List<Canonical> children = new ArrayList<>();
        for (int k = 0; k < f.children().size(); k++) {
            ArrowField c = f.children().get(k);
            children.add(decode(c, path + "." + c.name(), depth + 1));
        }
        List<Integer> typeIds = dt.typeIds();
        for (int i = 0; i < n; i++) {
            int id = ids.get(ValueLayout.JAVA_BYTE, i);
            int k = typeIds.indexOf(id);
            if (k < 0) {
                throw bad(path, "row " + i + " has undeclared type id " + id);
            }
            long at = offsets == null ? i : offsets.getAtIndex(I32, i);
            if (at < 0 || at >= children.get(k).length()) {
                throw bad(path, "row " + i + " points outside its member");
            }
        }
        if (offsets != null) {
            List<Canonical> sparse = new ArrayList<>();
            for (int k = 0; k < children.size(); k++) {
                MemorySegment idx = IpcEncoder.ALLOC.allocate(4L * n);
                for (int i = 0; i < n; i++) {
                    if (typeIds.indexOf((int) ids.get(ValueLayout.JAVA_BYTE, i)) == k) {
                        idx.setAtIndex(I32, i, offsets.getAtIndex(I32, i));
                    }
                }
                Canonical child = children.get(k);
                sparse.add(child.length() == 0 ? Canonicals.zeros(child.dtype(), n, Validity.ALL_INVALID,
                        IpcEncoder.ALLOC) : Take.take(child, new PrimitiveArray(new DType.Primitive(PType.I32, false),
                        idx, n, Validity.ALL_VALID), IpcEncoder.ALLOC));
            }
            children = sparse;
        } else {
            List<Canonical> cut = new ArrayList<>();
            for (int k = 0; k < children.size(); k++) {
                cut.add(fit(children.get(k), n, path + "." + f.children().get(k).name()));
            }
            children = cut;
        }
        PrimitiveArray typeIdArray = new PrimitiveArray(new DType.Primitive(PType.U8, dt.nullable()), ids, n,
                Validity.ALL_VALID);
        return new UnionArray(dt, typeIdArray, children);
    }
}
