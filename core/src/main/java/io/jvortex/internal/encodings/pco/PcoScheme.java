package io.jvortex.internal.encodings.pco;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.Validity;
import io.jvortex.internal.compress.ArrayFacts;
import io.jvortex.internal.compress.CompressContext;
import io.jvortex.internal.compress.Scheme;
import io.jvortex.internal.compress.SchemeId;
import io.jvortex.dtype.PType;
import io.jvortex.internal.pco.PcoDecoder;
import io.jvortex.internal.pco.PcoEncoder;
import io.jvortex.spi.CanonicalEncoder;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * The compact strategy's Pcodec scheme for 16- to 64-bit integers and floats: the valid values in
 * chunks of 2^18 (pco's default chunk size, as the reference uses), pages of up to 8192 values, with
 * the validity as a canonical child. Leaves nothing to cascade (pco's output is opaque bytes).
 */
public final class PcoScheme implements Scheme {
    /** Values per pco chunk (the reference's {@code VALUES_PER_CHUNK}). */
    public static final int VALUES_PER_CHUNK = 1 << 18;

    /** The scheme's id. */
    public static final SchemeId SCHEME_ID = SchemeId.PCO;

    @Override
    public SchemeId id() {
        return SCHEME_ID;
    }

    @Override
    public String encodingId() {
        return PcoEncoding.ID;
    }

    @Override
    public boolean accepts(Canonical array) {
        return array instanceof PrimitiveArray p && numberType(p.ptype()) != null;
    }

    @Override
    public WriteNode compress(Canonical array, ArrayFacts facts, CompressContext ctx) {
        return encode((PrimitiveArray) array);
    }

    /**
     * Encodes a primitive array as a {@code vortex.pco} node.
     *
     * @param p a primitive array of a 16- to 64-bit type
     * @return the node
     * @throws IllegalArgumentException for 8-bit types, which the reference does not store
     */
    public static WriteNode encode(PrimitiveArray p) {
        PcoDecoder.NumberType type = numberType(p.ptype());
        if (type == null) {
            throw new IllegalArgumentException("p: " + PcoEncoding.ID + " does not store " + p.ptype());
        }
        long[] values = validValues(p);
        List<int[]> pageCounts = new ArrayList<>();
        List<WriteNode.Buffer> chunkMetas = new ArrayList<>();
        List<WriteNode.Buffer> pages = new ArrayList<>();
        for (int start = 0; start < values.length; start += VALUES_PER_CHUNK) {
            int n = Math.min(VALUES_PER_CHUNK, values.length - start);
            PcoEncoder.Chunk chunk = PcoEncoder.encodeChunk(type, values, start, n, PcoEncoder.Options.VORTEX);
            chunkMetas.add(new WriteNode.Buffer(MemorySegment.ofArray(chunk.meta()), 1));
            for (int i = 0; i < chunk.pages().size(); i++) {
                pages.add(new WriteNode.Buffer(MemorySegment.ofArray(chunk.pages().get(i)), 1));
            }
            pageCounts.add(java.util.Arrays.copyOf(chunk.pageCounts(), chunk.pages().size()));
        }
        byte[] metadata = new PcoMetadata(MemorySegment.ofArray(PcoEncoder.header()), pageCounts).serialize();
        List<WriteNode.Buffer> buffers = new ArrayList<>(chunkMetas);
        buffers.addAll(pages);
        return WriteNode.of(PcoEncoding.ID, metadata, buffers,
                CanonicalEncoder.validityChildren(p.dtype(), p.validity(), p.length()));
    }

    /** The valid values' raw bits, zero-extended, in row order. */
    private static long[] validValues(PrimitiveArray p) {
        int len = p.length();
        Validity validity = p.dtype().nullable() ? p.validity() : Validity.ALL_VALID;
        int valid = len - validity.nullCount(len);
        long[] out = new long[valid];
        MemorySegment v = p.values();
        boolean all = valid == len;
        int k = 0;
        switch (p.ptype().byteWidth()) {
            case 8 -> {
                for (int i = 0; i < len; i++) {
                    if (all || validity.isValid(i)) {
                        out[k++] = v.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
                    }
                }
            }
            case 4 -> {
                for (int i = 0; i < len; i++) {
                    if (all || validity.isValid(i)) {
                        out[k++] = v.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i) & 0xFFFF_FFFFL;
                    }
                }
            }
            default -> {
                for (int i = 0; i < len; i++) {
                    if (all || validity.isValid(i)) {
                        out[k++] = v.getAtIndex(ValueLayout.JAVA_SHORT_UNALIGNED, i) & 0xFFFFL;
                    }
                }
            }
        }
        return out;
    }

    private static PcoDecoder.NumberType numberType(PType ptype) {
        return switch (ptype) {
            case U16 -> PcoDecoder.NumberType.U16;
            case U32 -> PcoDecoder.NumberType.U32;
            case U64 -> PcoDecoder.NumberType.U64;
            case I16 -> PcoDecoder.NumberType.I16;
            case I32 -> PcoDecoder.NumberType.I32;
            case I64 -> PcoDecoder.NumberType.I64;
            case F16 -> PcoDecoder.NumberType.F16;
            case F32 -> PcoDecoder.NumberType.F32;
            case F64 -> PcoDecoder.NumberType.F64;
            case U8, I8 -> null;
        };
    }
}
