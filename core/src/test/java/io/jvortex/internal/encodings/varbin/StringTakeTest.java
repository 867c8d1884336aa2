package io.jvortex.internal.encodings.varbin;

import static io.jvortex.internal.encodings.varbin.RandomStrings.decodedRows;
import static io.jvortex.internal.encodings.varbin.RandomStrings.rows;
import static io.jvortex.internal.encodings.varbin.RandomStrings.varBin;
import static io.jvortex.internal.encodings.varbin.RandomStrings.views;
import static io.jvortex.internal.encodings.varbin.TestArrays.node;
import static io.jvortex.internal.encodings.varbin.TestArrays.primitive;
import static io.jvortex.internal.encodings.varbin.TestArrays.proto;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.array.Canonical;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.internal.registry.BuiltinSchemes;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.encodings.fsst.FsstEncoding;
import io.jvortex.internal.encodings.fsst.FsstScheme;
import io.jvortex.internal.encodings.varbin.RandomStrings.Kind;
import io.jvortex.internal.encodings.varbin.RandomStrings.Nulls;
import io.jvortex.internal.encodings.varbinview.VarBinViewEncoding;
import io.jvortex.testing.Seeds;
import io.jvortex.internal.write.ArrayIds;
import io.jvortex.internal.write.ArraySerializer;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Point access of the string encodings ({@code vortex.fsst}, {@code vortex.varbin},
 * {@code vortex.varbinview}): arrays written by our encoders and the default compressor (so the
 * children are bit-packed, frame-of-reference, ... as in files) give, for random ascending index
 * sets with duplicates, the same rows as a full decode followed by a gather.
 */
class StringTakeTest {
    private static final List<Scheme> SCHEMES = BuiltinSchemes.defaults();
    private static final Compressor COMPRESSOR = new Compressor(SCHEMES, id -> true);

    private static Scheme scheme(Class<? extends Scheme> type) {
        return SCHEMES.stream().filter(type::isInstance).findFirst().orElseThrow();
    }

    private static ArrayNode serialize(WriteNode node, Arena arena) {
        ArrayIds ids = new ArrayIds(List.of());
        ArraySerializer.Segment segment = ArraySerializer.serialize(node, ids);
        MemorySegment seg = arena.allocate(Math.max(1, segment.byteLength()), segment.alignment())
                .asSlice(0, segment.byteLength());
        MemorySegment.copy(MemorySegment.ofArray(segment.toByteArray()), 0, seg, 0, segment.byteLength());
        return SerializedArray.parse(seg, 0, ids.ids(), "test", "root").root();
    }

    private static DecodeContext context(Arena arena) {
        return new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 31);
    }

    /** Ascending positions in {@code [0, n)}, some repeated, sometimes none. */
    private static int[] indices(SplittableRandom r, int n) {
        int count = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(Math.min(2 * n, 300));
        int[] out = new int[count];
        for (int k = 0; k < count; k++) {
            out[k] = r.nextInt(n);
        }
        Arrays.sort(out);
        for (int k = 1; k < count; k++) {
            if (r.nextInt(5) == 0) {
                out[k] = out[k - 1];
            }
        }
        return out;
    }

    private static List<byte[]> gather(List<byte[]> rows, int[] indices) {
        List<byte[]> out = new ArrayList<>(indices.length);
        for (int i : indices) {
            out.add(rows.get(i));
        }
        return out;
    }

    /** The input array as varbin or views, sometimes a slice of a larger one. */
    private static Canonical input(SplittableRandom r, DType dtype, List<byte[]> values, boolean asViews) {
        int before = r.nextBoolean() ? 0 : 1 + r.nextInt(20);
        int after = r.nextBoolean() ? 0 : 1 + r.nextInt(20);
        List<byte[]> padded = new ArrayList<>();
        Kind padKind = dtype instanceof DType.Utf8 ? Kind.WORDS : Kind.RANDOM_BYTES;
        padded.addAll(rows(r, padKind, dtype.nullable() ? Nulls.SOME : Nulls.NONE, before));
        padded.addAll(values);
        padded.addAll(rows(r, padKind, dtype.nullable() ? Nulls.SOME : Nulls.NONE, after));
        if (asViews) {
            VarBinViewArray v = views(dtype, padded);
            return before + after == 0 ? v : v.slice(before, values.size());
        }
        VarBinArray v = varBin(dtype, padded);
        return before + after == 0 ? v : v.slice(before, values.size());
    }

    private static void checkTakes(String encodingId, String what, int rounds) {
        SplittableRandom r = Seeds.random("StringTakeTest." + what);
        int[] lengths = {1, 2, 7, 1023, 1024, 1025, 5000};
        int checked = 0;
        try (Arena arena = Arena.ofConfined()) {
            for (int round = 0; round < rounds; round++) {
                Kind kind = Kind.values()[r.nextInt(Kind.values().length)];
                Nulls nulls = Nulls.values()[r.nextInt(Nulls.values().length)];
                int n = lengths[r.nextInt(lengths.length)];
                boolean text = kind != Kind.RANDOM_BYTES;
                boolean nullable = nulls != Nulls.NONE || r.nextBoolean();
                DType dtype = text ? new DType.Utf8(nullable) : new DType.Binary(nullable);
                List<byte[]> values = rows(r, kind, nulls, n);
                Canonical array = input(r, dtype, values, r.nextBoolean());
                WriteNode written = switch (encodingId) {
                    case FsstEncoding.ID -> COMPRESSOR.compressWith(array, scheme(FsstScheme.class));
                    case VarBinEncoding.ID -> COMPRESSOR.compressWith(array, scheme(VarBinScheme.class));
                    default -> CanonicalEncoder.encode(input(r, dtype, values, true));
                };
                if (written == null || !written.encodingId().equals(encodingId)) {
                    continue; // the scheme declined this input (e.g. all rows null)
                }
                ArrayNode root = serialize(written, arena);
                List<byte[]> all = decodedRows(context(arena).decode(root, dtype, n));
                assertThat(all).usingElementComparator(Arrays::compare).isEqualTo(values);
                for (int t = 0; t < 5; t++) {
                    int[] idx = indices(r, n);
                    Canonical taken = context(arena).take(root, dtype, n, idx);
                    assertThat(taken.dtype()).isEqualTo(dtype);
                    assertThat(decodedRows(taken)).as("%s %s %s n=%d take %s", what, kind, nulls, n,
                                    Arrays.toString(idx)).usingElementComparator(Arrays::compare)
                            .isEqualTo(gather(values, idx));
                }
                checked++;
            }
        }
        assertThat(checked).as("arrays written as " + encodingId).isGreaterThan(rounds / 3);
    }

    @ParameterizedTest
    @ValueSource(strings = {FsstEncoding.ID, VarBinEncoding.ID, VarBinViewEncoding.ID})
    void takeMatchesDecodeAndGather(String encodingId) {
        checkTakes(encodingId, encodingId, 60);
    }

    @ParameterizedTest
    @ValueSource(strings = {VarBinEncoding.ID, VarBinViewEncoding.ID})
    void onlyTheTakenRowsAreValidatedAsUtf8(String encodingId) {
        List<byte[]> values = List.of("ok".getBytes(), new byte[] {'a', (byte) 0xC3}, "a longer valid value".getBytes(),
                new byte[] {(byte) 0xFF, 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n'});
        DType dtype = new DType.Utf8(false);
        try (Arena arena = Arena.ofConfined()) {
            // Binary rows written, then read as utf8: only the taken rows' bytes matter.
            DType binary = new DType.Binary(false);
            WriteNode written = CanonicalEncoder.encode(encodingId.equals(VarBinEncoding.ID) ? varBin(binary, values)
                    : views(binary, values));
            assertThat(written.encodingId()).isEqualTo(encodingId);
            ArrayNode root = serialize(written, arena);
            assertThat(decodedRows(context(arena).take(root, dtype, 4, new int[] {0, 2, 2})))
                    .usingElementComparator(Arrays::compare).isEqualTo(gather(values, new int[] {0, 2, 2}));
            assertThatThrownBy(() -> context(arena).take(root, dtype, 4, new int[] {0, 1}))
                    .isInstanceOf(VortexException.class).hasMessageContaining("row 1 ");
            assertThatThrownBy(() -> context(arena).take(root, dtype, 4, new int[] {3}))
                    .isInstanceOf(VortexException.class).hasMessageContaining("row 3 ");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "5"})
    void takenOffsetsOutsideTheBufferAreRejected(String firstOffset) {
        int start = Integer.parseInt(firstOffset);
        // Row 0 is within the 6-byte buffer; row 1 ends past it.
        TestArrays.Node n = node(VarBinEncoding.ID, proto().varint(1, PType.U8.id()).build(),
                List.of("abcdef".getBytes()), primitive(PType.U8, start, start + 1, 9, 9));
        try (Arena arena = Arena.ofConfined()) {
            ArrayNode root = TestArrays.serialize(n).root();
            DType dtype = new DType.Binary(false);
            assertThat(decodedRows(context(arena).take(root, dtype, 3, new int[] {0})).getFirst())
                    .isEqualTo(Arrays.copyOfRange("abcdef".getBytes(), start, start + 1));
            assertThatThrownBy(() -> context(arena).take(root, dtype, 3, new int[] {0, 1}))
                    .isInstanceOf(VortexException.class).hasMessageContaining("offsets of row 1 span [" + (start + 1)
                            + ", 9), expected a range within the 6-byte buffer");
        }
    }
}
