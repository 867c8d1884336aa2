package io.jvortex.internal.encodings.contract;

import static io.jvortex.internal.encodings.contract.NullShape.ALL;
import static io.jvortex.internal.encodings.contract.NullShape.NONE;
import static io.jvortex.internal.encodings.contract.NullShape.SOME;

import io.jvortex.api.Edition;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.TestArrays;
import io.jvortex.array.TestNodes.Proto;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.internal.compress.Primitives;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import io.jvortex.internal.encodings.alp.AlpEncoder;
import io.jvortex.internal.encodings.alprd.AlpRdEncoder;
import io.jvortex.internal.encodings.bitpacked.BitPackedEncoder;
import io.jvortex.internal.encodings.constant.ConstantScheme;
import io.jvortex.internal.encodings.datetimeparts.DateTimePartsEncoder;
import io.jvortex.internal.encodings.decimalbyteparts.DecimalBytePartsEncoder;
import io.jvortex.internal.encodings.delta.FastLanesDelta;
import io.jvortex.internal.encodings.dict.DictScheme;
import io.jvortex.internal.encodings.frameofreference.FrameOfReferenceScheme;
import io.jvortex.internal.encodings.fsst.FsstScheme;
import io.jvortex.internal.encodings.onpair.OnPairScheme;
import io.jvortex.internal.encodings.pco.PcoScheme;
import io.jvortex.internal.encodings.rle.RleScheme;
import io.jvortex.internal.encodings.runend.RunEndScheme;
import io.jvortex.internal.encodings.sequence.SequenceScheme;
import io.jvortex.internal.encodings.sparse.SparseScheme;
import io.jvortex.internal.encodings.zigzag.ZigZagScheme;
import io.jvortex.internal.encodings.zstd.ZstdScheme;
import io.jvortex.scalar.Scalar;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * One {@link NodeFactory} per registered encoding id. Where the writer has an encoder for an encoding
 * the factory runs it (a scheme forced past its judgement, or the encoder's own entry point) on
 * seeded data and expects that data's rows; encodings only read (chunked, byte bools, masked, delta,
 * unions, variants) and the {@code .v2} forms without a dedicated writer path are assembled by hand
 * from their physical form and expect the rows a naive reading of that form gives.
 */
public final class Factories {
    private static final Set<NullShape> EVERY = EnumSet.allOf(NullShape.class);
    private static final Compressor DEFAULT = new Compressor(BuiltinSchemes.defaults(), Edition.DEFAULT::allowsArray);
    private static final Map<String, NodeFactory> BY_ID = new LinkedHashMap<>();

    static {
        // ---- canonical encodings: the canonical encoder over seeded arrays
        add("vortex.primitive", (r, n, nulls) -> {
            PType t = PType.values()[r.nextInt(PType.values().length)];
            long[] v = new long[n];
            for (int i = 0; i < n; i++) {
                v[i] = r.nextLong();
            }
            return canonical(TestArrays.primitive(t, Data.nullable(r, nulls), v, Data.valid(r, n, nulls)));
        });
        add("vortex.bool", (r, n, nulls) -> canonical(Data.bools(r, n, nulls)));
        add("vortex.null", EnumSet.of(ALL), 0, "a null array has only null rows",
                (r, n, nulls) -> new Built(CanonicalEncoder.encode(new NullArray(n)), new DType.Null(), n,
                        Data.nulls(n)));
        add("vortex.decimal", (r, n, nulls) -> canonical(decimals(r, n, nulls, new int[] {3, 9, 18, 38, 60})));
        add("vortex.varbin", (r, n, nulls) -> canonical(TestArrays.varBin(r.nextBoolean(), Data.strings(r, n, nulls))));
        add("vortex.varbinview",
                (r, n, nulls) -> canonical(TestArrays.varBinView(r.nextBoolean(), Data.strings(r, n, nulls))));
        add("vortex.struct", (r, n, nulls) -> {
            Canonical a = Data.ints(r, PType.I32, n, Data.IntKind.RANDOM, SOME);
            Canonical b = TestArrays.varBinView(true, Data.strings(r, n, NONE));
            boolean[] valid = Data.valid(r, n, nulls);
            return canonical(TestArrays.struct(List.of("a", "b"), List.of(a, b),
                    valid == null ? Validity.ALL_VALID : Data.validity(valid)));
        });
        add("vortex.list", (r, n, nulls) -> {
            long[] offsets = new long[n + 1];
            offsets[0] = r.nextInt(3);
            for (int i = 0; i < n; i++) {
                offsets[i + 1] = offsets[i] + r.nextInt(4);
            }
            Canonical el = Data.ints(r, PType.I64, (int) offsets[n] + r.nextInt(3), Data.IntKind.RANDOM, SOME);
            return canonical(TestArrays.list(el, offsets, Data.valid(r, n, nulls)));
        });
        add("vortex.listview", (r, n, nulls) -> {
            int elements = r.nextInt(2 * n + 2);
            Canonical el = Data.ints(r, PType.I16, elements, Data.IntKind.RANDOM, SOME);
            long[] starts = new long[n];
            long[] sizes = new long[n];
            for (int i = 0; i < n; i++) {
                starts[i] = r.nextInt(elements + 1);
                sizes[i] = r.nextInt((int) Math.min(elements - starts[i], 5) + 1);
            }
            boolean[] valid = Data.valid(r, n, nulls);
            return canonical(new ListViewArray(new DType.List(el.dtype(), Data.nullable(r, nulls)), el,
                    TestArrays.primitive(PType.U32, false, starts, null), TestArrays.primitive(PType.U16, false, sizes,
                    null), n, valid == null ? Validity.ALL_VALID : Data.validity(valid)));
        });
        add("vortex.fixed_size_list", (r, n, nulls) -> {
            int size = r.nextInt(4);
            Canonical el = Data.ints(r, PType.I16, n * size, Data.IntKind.RANDOM, SOME);
            boolean[] valid = Data.valid(r, n, nulls);
            return canonical(new FixedSizeListArray(new DType.FixedSizeList(el.dtype(), size,
                    Data.nullable(r, nulls)), el, n, valid == null ? Validity.ALL_VALID : Data.validity(valid)));
        });
        add("vortex.ext", (r, n, nulls) -> {
            boolean nullable = Data.nullable(r, nulls);
            DType.Extension date = Extensions.date(TimeUnit.DAYS, nullable);
            return canonical(new ExtensionArray(date, TestArrays.primitive(PType.I32, nullable,
                    Data.ints(r, PType.I32, n, Data.IntKind.NARROW_RANGE), Data.valid(r, n, nulls))));
        });
        add("vortex.map", (r, n, nulls) -> {
            DType.Map type = new DType.Map(new DType.Primitive(PType.I64, false), new DType.Primitive(PType.I32, true),
                    false, Data.nullable(r, nulls));
            DType.List entriesType = type.entries();
            int entries = r.nextInt(2 * n + 2);
            StructArray structs = new StructArray((DType.Struct) entriesType.element(),
                    List.of(TestArrays.primitive(PType.I64, false, Data.ints(r, PType.I64, entries, Data.IntKind.RANDOM), null),
                            TestArrays.primitive(PType.I32, true, Data.ints(r, PType.I32, entries, Data.IntKind.RANDOM),
                                    Data.valid(r, entries, SOME))), entries, Validity.ALL_VALID);
            long[] starts = new long[n];
            long[] sizes = new long[n];
            for (int i = 0; i < n; i++) {
                starts[i] = r.nextInt(entries + 1);
                sizes[i] = r.nextInt((int) Math.min(entries - starts[i], 4) + 1);
            }
            boolean[] valid = Data.valid(r, n, nulls);
            return canonical(new MapArray(type, new ListViewArray(entriesType, structs,
                    TestArrays.primitive(PType.U32, false, starts, null), TestArrays.primitive(PType.U8, false, sizes,
                    null), n, valid == null ? Validity.ALL_VALID : Data.validity(valid))));
        });

        // ---- encodings the writer produces: their scheme forced, or their encoder
        add("vortex.constant", EnumSet.of(NONE, ALL), 0, "one value for every row: some-null columns are sparse or masked",
                (r, n, nulls) -> {
                    if (nulls == ALL) {
                        DType t = r.nextBoolean() ? new DType.Primitive(PType.I32, true) : new DType.Utf8(true);
                        return new Built(CanonicalEncoder.constant(Scalar.nullOf(t)), t, n, Data.nulls(n));
                    }
                    if (n == 0) {
                        DType.Primitive t = new DType.Primitive(PType.I32, r.nextBoolean());
                        return new Built(CanonicalEncoder.constant(new Scalar(t, 7L)), t, 0, List.of());
                    }
                    if (r.nextBoolean()) {
                        PType t = Data.anyInt(r);
                        long[] v = new long[n];
                        Arrays.fill(v, Data.clamp(t, r.nextLong()));
                        return forced(ConstantScheme.INTEGER, TestArrays.primitive(t, r.nextBoolean(), v, null));
                    }
                    String[] s = new String[n];
                    Arrays.fill(s, Data.strings(r, 1, NONE)[0]);
                    return forced(ConstantScheme.STRING, TestArrays.varBinView(true, s));
                });
        add("vortex.sparse", EVERY, 2, "below two rows the sparse scheme writes a constant",
                (r, n, nulls) -> forced(SparseScheme.INTEGER, Data.ints(r, Data.anyInt(r), n, Data.IntKind.DOMINANT,
                        nulls)));
        add("vortex.dict", EVERY, 1, "the compressor never writes empty nodes", (r, n, nulls) -> r.nextBoolean()
                ? forced(DictScheme.INTEGER, Data.ints(r, Data.anyInt(r), n, Data.IntKind.LOW_CARDINALITY, nulls))
                : forced(DictScheme.STRING, TestArrays.varBinView(true, Data.strings(r, n, nulls))));
        add("vortex.runend", EVERY, 1, "the compressor never writes empty nodes",
                (r, n, nulls) -> forced(new RunEndScheme(), Data.ints(r, Data.anyInt(r), n, Data.IntKind.RUNS, nulls)));
        add("vortex.sequence", EnumSet.of(NONE), 1, "a sequence has no nulls; the compressor never writes empty nodes",
                (r, n, nulls) -> {
                    PType t = new PType[] {PType.U32, PType.U64, PType.I32, PType.I64}[r.nextInt(4)];
                    return forced(new SequenceScheme(), Data.ints(r, t, n, Data.IntKind.SEQUENCE, NONE));
                });
        add("fastlanes.rle", EVERY, 1, "the compressor never writes empty nodes", (r, n, nulls) -> r.nextBoolean()
                ? forced(RleScheme.INTEGER, Data.ints(r, Data.anyInt(r), n, Data.IntKind.RUNS, nulls))
                : forced(RleScheme.FLOAT, runs(Data.floats(r, n, 0, nulls), r)));
        add("vortex.zigzag", EVERY, 1, "the compressor never writes empty nodes", (r, n, nulls) -> {
            PType t = new PType[] {PType.I8, PType.I16, PType.I32, PType.I64}[r.nextInt(4)];
            return forced(new ZigZagScheme(), Data.ints(r, t, n, Data.IntKind.NEGATIVE_SMALL, nulls));
        });
        add("fastlanes.for", EVERY, 1, "the compressor never writes empty nodes", (r, n, nulls) -> forced(
                new FrameOfReferenceScheme(), Data.ints(r, Data.anyInt(r), n, Data.IntKind.NARROW_RANGE, nulls),
                Data.allExcept("fastlanes.for.v2")));
        add("fastlanes.bitpacked", (r, n, nulls) -> {
            PrimitiveArray p = Data.ints(r, Data.anyInt(r), n, Data.IntKind.SMALL_WITH_OUTLIERS, nulls);
            return expect(BitPackedEncoder.encode(p, r.nextInt(p.ptype().bitWidth())), p);
        });
        add("fastlanes.bitpacked.v2", (r, n, nulls) -> {
            PrimitiveArray p = Data.ints(r, Data.anyInt(r), n, Data.IntKind.SMALL_WITH_OUTLIERS, nulls);
            int[] widths = new int[(n + 1023) / 1024];
            for (int b = 0; b < widths.length; b++) {
                widths[b] = r.nextInt(p.ptype().bitWidth() + 1);
            }
            return expect(BitPackedEncoder.encodeBlocked(p, Primitives.toLongs(p), widths), p);
        });
        add("fastlanes.for.v2", Factories::forV2);
        add("vortex.alp", (r, n, nulls) -> {
            PrimitiveArray p = Data.floats(r, n, r.nextBoolean() ? 0 : 2, nulls);
            return expect(AlpEncoder.encodeCanonical(p), p);
        });
        add("vortex.alprd", (r, n, nulls) -> {
            PrimitiveArray p = Data.floats(r, n, 1, nulls);
            return expect(AlpRdEncoder.encodeCanonical(p), p);
        });
        add("vortex.fsst", EVERY, 1, "the compressor never writes empty nodes",
                (r, n, nulls) -> forced(new FsstScheme(), TestArrays.varBinView(r.nextBoolean(), Data.strings(r, n, nulls))));
        add("vortex.onpair", EVERY, 1, "the compressor never writes empty nodes",
                (r, n, nulls) -> forced(new OnPairScheme(), TestArrays.varBin(true, Data.strings(r, n, nulls))));
        add("vortex.zstd", EVERY, 1, "the compressor never writes empty nodes",
                (r, n, nulls) -> forced(ZstdScheme.STRING, TestArrays.varBinView(true, Data.strings(r, n, nulls))));
        add("vortex.pco", (r, n, nulls) -> {
            PType t = new PType[] {PType.U16, PType.U32, PType.U64, PType.I16, PType.I32, PType.I64}[r.nextInt(6)];
            PrimitiveArray p = r.nextBoolean() ? Data.ints(r, t, n, Data.IntKind.SMALL_WITH_OUTLIERS, nulls)
                    : Data.floats(r, n, 1, nulls);
            return expect(PcoScheme.encode(p), p);
        });
        add("vortex.decimal_byte_parts", (r, n, nulls) -> {
            Canonical d = decimals(r, n, nulls, new int[] {3, 9, 18});
            return expect(DecimalBytePartsEncoder.encodeCanonical((io.jvortex.array.DecimalArray) d), d);
        });
        add("vortex.decimal_byte_parts.v2", (r, n, nulls) -> {
            Canonical d = decimals(r, n, nulls, new int[] {19, 38, 60, 76});
            return expect(DecimalBytePartsEncoder.encodeCanonicalV2((io.jvortex.array.DecimalArray) d), d);
        });
        add("vortex.datetimeparts", (r, n, nulls) -> {
            TimeUnit unit = new TimeUnit[] {TimeUnit.SECONDS, TimeUnit.MILLISECONDS, TimeUnit.MICROSECONDS,
                TimeUnit.NANOSECONDS}[r.nextInt(4)];
            boolean nullable = Data.nullable(r, nulls);
            long[] v = new long[n];
            for (int i = 0; i < n; i++) {
                long seconds = 1_700_000_000L + r.nextLong(-3_000_000_000L, 3_000_000_000L);
                if (r.nextBoolean()) {
                    seconds -= Math.floorMod(seconds, 86_400L); // whole days
                }
                v[i] = seconds * unit.ticksPerSecond() + (r.nextBoolean() ? 0 : r.nextLong(unit.ticksPerSecond()));
            }
            ExtensionArray ts = new ExtensionArray(Extensions.timestamp(unit, r.nextBoolean() ? null : "UTC", nullable),
                    TestArrays.primitive(PType.I64, nullable, v, Data.valid(r, n, nulls)));
            return expect(DateTimePartsEncoder.encodeCanonical(ts), ts);
        });

        // ---- read-only encodings and hand-assembled forms
        add("vortex.chunked", Factories::chunked);
        add("vortex.bytebool", (r, n, nulls) -> {
            byte[] bytes = new byte[n];
            boolean[] values = new boolean[n];
            for (int i = 0; i < n; i++) {
                bytes[i] = r.nextBoolean() ? 0 : (byte) r.nextInt(1, 256);
                values[i] = bytes[i] != 0;
            }
            boolean[] valid = Data.valid(r, n, nulls);
            Canonical expected = TestArrays.bools(values, valid);
            return new Built(WriteNode.of("vortex.bytebool", null, List.of(buffer(bytes, 1)),
                    CanonicalEncoder.validityChildren(expected.dtype(), expected.validity(), n)), expected.dtype(), n,
                    Data.rows(expected));
        });
        add("vortex.masked", (r, n, nulls) -> {
            PType t = Data.anyInt(r);
            long[] v = Data.ints(r, t, n, Data.IntKind.RANDOM);
            PrimitiveArray expected = TestArrays.primitive(t, true, v, Data.valid(r, n, nulls));
            List<WriteNode> children = new ArrayList<>();
            children.add(r.nextBoolean() ? CanonicalEncoder.encode(TestArrays.primitive(t, false, v, null))
                    : DEFAULT.compress(TestArrays.primitive(t, false, v, null)));
            children.addAll(CanonicalEncoder.validityChildren(expected.dtype(), expected.validity(), n));
            return new Built(WriteNode.of("vortex.masked", null, List.of(), children), expected.dtype(), n,
                    Data.rows(expected));
        });
        add("fastlanes.delta", Factories::delta);
        add("vortex.union", Factories::union);
        add("vortex.parquet.variant", (r, n, nulls) -> parquetVariant(r, n, nulls));
        add("vortex.variant", (r, n, nulls) -> {
            Built storage = parquetVariant(r, n, nulls);
            if (r.nextBoolean()) {
                return new Built(WriteNode.of("vortex.variant", null, List.of(), List.of(storage.node())),
                        storage.dtype(), n, storage.rows());
            }
            PrimitiveArray shredded = TestArrays.primitive(PType.I64, false, Data.ints(r, PType.I64, n,
                    Data.IntKind.RANDOM), null);
            byte[] i64 = Proto.message().bytes(3, Proto.message().varint(1, PType.I64.id()).varint(2, 0).build()).build();
            List<Object> rows = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Object row = storage.rows().get(i);
                rows.add(row == null ? null : Arrays.asList(((List<?>) row).get(0), ((List<?>) row).get(1), null,
                        shredded.getLong(i)));
            }
            return new Built(WriteNode.of("vortex.variant", Proto.message().bytes(1, i64).build(), List.of(),
                    List.of(storage.node(), CanonicalEncoder.encode(shredded))), storage.dtype(), n, rows);
        });
    }

    private Factories() {
    }

    /** @return the factories by encoding id */
    public static Map<String, NodeFactory> all() {
        return java.util.Collections.unmodifiableMap(BY_ID);
    }

    private static void add(String id, NodeFactory.Builder builder) {
        add(id, EVERY, 0, "", builder);
    }

    private static void add(String id, Set<NullShape> shapes, int minLength, String why, NodeFactory.Builder builder) {
        BY_ID.put(id, new NodeFactory(id, shapes, minLength, why, builder));
    }

    private static WriteNode.Buffer buffer(byte[] bytes, int alignment) {
        return new WriteNode.Buffer(MemorySegment.ofArray(bytes), alignment);
    }

    private static Built canonical(Canonical array) {
        return expect(CanonicalEncoder.encode(array), array);
    }

    private static Built expect(WriteNode node, Canonical expected) {
        return new Built(node, expected.dtype(), expected.length(), Data.rows(expected));
    }

    private static Built forced(io.jvortex.internal.compress.Scheme scheme, Canonical array) {
        return forced(scheme, array, Edition.DEFAULT::allowsArray);
    }

    private static Built forced(io.jvortex.internal.compress.Scheme scheme, Canonical array,
                                java.util.function.Predicate<String> allowed) {
        return expect(Data.force(scheme, array, allowed), array);
    }

    private static Canonical decimals(SplittableRandom r, int n, NullShape nulls, int[] precisions) {
        int precision = precisions[r.nextInt(precisions.length)];
        BigInteger[] values = Data.decimals(r, precision, n, nulls);
        Canonical d = TestArrays.decimal(precision, 2, Canonicals.decimalByteWidth(precision), values);
        if (nulls != NONE && !d.dtype().nullable()) {
            io.jvortex.array.DecimalArray x = (io.jvortex.array.DecimalArray) d;
            return new io.jvortex.array.DecimalArray((DType.Decimal) x.dtype().withNullable(true), x.valueByteWidth(),
                    x.values(), n, Validity.ALL_VALID);
        }
        return d;
    }

    /** Float data in runs (for RLE). */
    private static PrimitiveArray runs(PrimitiveArray p, SplittableRandom r) {
        long[] v = Primitives.toLongs(p);
        for (int i = 1; i < v.length; i++) {
            if (r.nextInt(12) != 0) {
                v[i] = v[i - 1];
            }
        }
        return Primitives.fromLongs(p.dtype(), v, v.length, p.validity());
    }

    /** {@code fastlanes.for.v2}: a reference per 1024-row chunk, residuals plain or bit-packed per block. */
    private static Built forV2(SplittableRandom r, int n, NullShape nulls) {
        PType t = Data.anyInt(r);
        int chunks = (n + 1023) / 1024;
        long[] refs = new long[chunks];
        for (int c = 0; c < chunks; c++) {
            refs[c] = Data.clamp(t, r.nextInt(3) == 0 ? r.nextInt(50) : r.nextLong());
        }
        int width = r.nextInt(Math.min(t.bitWidth() - 1, 12) + 1);
        long[] residuals = new long[n];
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            residuals[i] = r.nextLong() & ((1L << width) - 1);
            values[i] = Data.clamp(t, refs[i >>> 10] + residuals[i]);
        }
        boolean nullable = Data.nullable(r, nulls);
        boolean[] valid = Data.valid(r, n, nulls);
        PrimitiveArray residualArray = TestArrays.primitive(t, nullable, residuals, valid);
        WriteNode encoded = r.nextBoolean() ? CanonicalEncoder.encode(residualArray)
                : BitPackedEncoder.encodeBlocked(residualArray, residuals,
                        BitPackedEncoder.blockBitWidths(residualArray, residuals));
        WriteNode node = WriteNode.of("fastlanes.for.v2", null, List.of(),
                List.of(encoded, CanonicalEncoder.encode(TestArrays.primitive(t, false, refs, null))));
        return expect(node, TestArrays.primitive(t, nullable, values, valid));
    }

    /** {@code vortex.chunked}: the rows cut at random points (empty chunks too), chunks compressed or not. */
    private static Built chunked(SplittableRandom r, int n, NullShape nulls) {
        // strings only up to 4096 rows: a canonical view slice keeps every data buffer of the whole
        // (the test builder makes many), and one segment holds at most 65535 buffers
        Canonical whole = n > 4096 || r.nextBoolean() ? Data.ints(r, PType.I32, n, Data.IntKind.RUNS, nulls)
                : TestArrays.varBinView(true, Data.strings(r, n, nulls));
        int cuts = r.nextInt(5);
        long[] offsets = new long[cuts + 2];
        for (int k = 1; k <= cuts; k++) {
            offsets[k] = r.nextInt(n + 1);
        }
        offsets[cuts + 1] = n;
        Arrays.sort(offsets);
        List<WriteNode> children = new ArrayList<>();
        children.add(CanonicalEncoder.encode(TestArrays.primitive(PType.U64, false, offsets, null)));
        for (int k = 0; k <= cuts; k++) {
            Canonical chunk = whole.slice((int) offsets[k], (int) (offsets[k + 1] - offsets[k]));
            children.add(r.nextBoolean() ? CanonicalEncoder.encode(chunk) : DEFAULT.compress(chunk));
        }
        return expect(WriteNode.of("vortex.chunked", null, List.of(), children), whole);
    }

    /** {@code fastlanes.delta} in 0.91's form: bases, deltas, then the validity in logical order. */
    private static Built delta(SplittableRandom r, int n, NullShape nulls) {
        PType t = Data.anyInt(r);
        int offset = n == 0 ? 0 : r.nextInt(1024);
        int total = (offset + n + 1023) / 1024 * 1024;
        long[] values = new long[total];
        long prev = r.nextLong();
        for (int i = 0; i < total; i++) {
            prev = switch (r.nextInt(3)) {
                case 0 -> r.nextLong();
                case 1 -> prev + r.nextInt(-3, 4);
                default -> prev;
            };
            values[i] = Data.clamp(t, prev);
        }
        int lanes = 1024 / t.bitWidth();
        long[] bases = new long[total / 1024 * lanes];
        long[] deltas = new long[total];
        for (int c = 0; c < total / 1024; c++) {
            deltaChunk(t, values, c, bases, deltas, lanes);
        }
        boolean nullable = Data.nullable(r, nulls);
        boolean[] valid = Data.valid(r, n, nulls);
        PrimitiveArray expected = TestArrays.primitive(t, nullable, Arrays.copyOfRange(values, offset, offset + n), valid);
        List<WriteNode> children = new ArrayList<>();
        children.add(CanonicalEncoder.encode(TestArrays.primitive(t, false, bases, null)));
        children.add(CanonicalEncoder.encode(TestArrays.primitive(t, false, deltas, null)));
        children.addAll(CanonicalEncoder.validityChildren(expected.dtype(), expected.validity(), n));
        byte[] md = Proto.message().varint(1, total).varint(2, offset).build();
        return expect(WriteNode.of("fastlanes.delta", md, List.of(), children), expected);
    }

    private static void deltaChunk(PType t, long[] values, int c, long[] bases, long[] deltas, int lanes) {
        int from = c * 1024;
        switch (t.byteWidth()) {
            case 1 -> {
                byte[] in = new byte[1024];
                byte[] b = new byte[lanes];
                byte[] d = new byte[1024];
                for (int i = 0; i < 1024; i++) {
                    in[i] = (byte) values[from + i];
                }
                FastLanesDelta.encode8(in, 0, b, 0, d, 0);
                for (int i = 0; i < lanes; i++) {
                    bases[c * lanes + i] = b[i];
                }
                for (int i = 0; i < 1024; i++) {
                    deltas[from + i] = d[i];
                }
            }
            case 2 -> {
                short[] in = new short[1024];
                short[] b = new short[lanes];
                short[] d = new short[1024];
                for (int i = 0; i < 1024; i++) {
                    in[i] = (short) values[from + i];
                }
                FastLanesDelta.encode16(in, 0, b, 0, d, 0);
                for (int i = 0; i < lanes; i++) {
                    bases[c * lanes + i] = b[i];
                }
                for (int i = 0; i < 1024; i++) {
                    deltas[from + i] = d[i];
                }
            }
            case 4 -> {
                int[] in = new int[1024];
                int[] b = new int[lanes];
                int[] d = new int[1024];
                for (int i = 0; i < 1024; i++) {
                    in[i] = (int) values[from + i];
                }
                FastLanesDelta.encode32(in, 0, b, 0, d, 0);
                for (int i = 0; i < lanes; i++) {
                    bases[c * lanes + i] = b[i];
                }
                for (int i = 0; i < 1024; i++) {
                    deltas[from + i] = d[i];
                }
            }
            default -> FastLanesDelta.encode64(values, from, bases, c * lanes, deltas, from);
        }
    }

    /** {@code vortex.union}: sparse children i64? and utf8?, type ids 0 and 5 (99 under null rows). */
    private static Built union(SplittableRandom r, int n, NullShape nulls) {
        boolean nullable = Data.nullable(r, nulls);
        DType.Union type = new DType.Union(List.of("i", "s"), List.of(new DType.Primitive(PType.I64, true),
                new DType.Utf8(true)), List.of(0, 5), nullable);
        boolean[] valid = Data.valid(r, n, nulls);
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = valid != null && !valid[i] ? 99 : r.nextBoolean() ? 0 : 5;
        }
        PrimitiveArray typeIds = TestArrays.primitive(PType.U8, nullable, ids, valid);
        PrimitiveArray ints = TestArrays.primitive(PType.I64, true, Data.ints(r, PType.I64, n, Data.IntKind.RANDOM),
                Data.valid(r, n, SOME));
        VarBinArray s = TestArrays.varBin(true, Data.strings(r, n, SOME));
        VarBinArray strings = new VarBinArray(new DType.Utf8(true), s.offsets(), s.bytes(), n, s.validity());
        List<Object> intRows = Data.rows(ints);
        List<Object> stringRows = Data.rows(strings);
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(valid != null && !valid[i] ? null
                    : Arrays.asList(ids[i], ids[i] == 0 ? intRows.get(i) : stringRows.get(i)));
        }
        WriteNode node = WriteNode.of("vortex.union", null, List.of(), List.of(CanonicalEncoder.encode(typeIds),
                CanonicalEncoder.encode(ints), CanonicalEncoder.encode(strings)));
        return new Built(node, type, n, rows);
    }

    /** {@code vortex.parquet.variant}: validity?, metadata and value binaries, no typed value. */
    private static Built parquetVariant(SplittableRandom r, int n, NullShape nulls) {
        boolean nullable = Data.nullable(r, nulls);
        boolean[] valid = Data.valid(r, n, nulls);
        boolean valueNullable = r.nextBoolean();
        String[] metadata = new String[n];
        String[] values = new String[n];
        for (int i = 0; i < n; i++) {
            metadata[i] = r.nextBoolean() ? "\u0001\u0000\u0000" : "\u0001\u0001\u0000\u0001k";
            values[i] = valueNullable && r.nextInt(4) == 0 ? null : "\u000c" + (char) r.nextInt(128);
        }
        VarBinArray meta = binary(TestArrays.varBin(false, metadata), false);
        VarBinArray value = binary(TestArrays.varBin(false, values), valueNullable);
        DType.Variant type = new DType.Variant(nullable);
        List<WriteNode> children = new ArrayList<>(CanonicalEncoder.validityChildren(type, Data.validity(valid), n));
        children.add(CanonicalEncoder.encode(meta));
        children.add(CanonicalEncoder.encode(value));
        Proto md = Proto.message().varint(1, 1);
        if (valueNullable) {
            md.varint(3, 1);
        }
        List<Object> metaRows = Data.rows(meta);
        List<Object> valueRows = Data.rows(value);
        List<Object> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(valid != null && !valid[i] ? null : Arrays.asList(metaRows.get(i), valueRows.get(i), null, null));
        }
        return new Built(WriteNode.of("vortex.parquet.variant", md.build(), List.of(), children), type, n, rows);
    }

    private static VarBinArray binary(VarBinArray v, boolean nullable) {
        return new VarBinArray(new DType.Binary(nullable), v.offsets(), v.bytes(), v.length(),
                nullable ? v.validity() : Validity.ALL_VALID);
    }

    /** @return hex of bytes as {@link io.jvortex.array.TestSupport#rows} renders binary rows */
    static String hex(byte[] b) {
        return "0x" + HexFormat.of().formatHex(b);
    }
}
