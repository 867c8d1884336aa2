package io.jvortex.fuzz;

import io.jvortex.error.VortexException;
import io.jvortex.internal.pco.PcoDecoder;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The Pcodec decoder: header, chunk metadata and one page, each length-prefixed in the input, with
 * the number type and the page's value count.
 */
public final class PcoFuzzer {
    private PcoFuzzer() {
    }

    /**
     * @param data {@code u8 number type, u16 header length, header, u16 meta length, meta, u16 value
     *        count, page}
     */
    public static void fuzzerTestOneInput(byte[] data) {
        Fuzz.Input in = new Fuzz.Input(data);
        int typeByte = in.u8();
        byte[] header = in.bytes(in.u16());
        byte[] meta = in.bytes(in.u16());
        int count = in.u16();
        byte[] page = in.rest();
        try (Arena arena = Arena.ofConfined()) {
            PcoDecoder.NumberType type = PcoDecoder.NumberType.fromStandaloneByte(typeByte);
            PcoDecoder decoder = PcoDecoder.open(MemorySegment.ofArray(header));
            PcoDecoder.Chunk chunk = decoder.chunk(MemorySegment.ofArray(meta), type);
            MemorySegment dst = arena.allocate((long) count * type.byteWidth() + 1);
            chunk.decodePage(MemorySegment.ofArray(page), count, dst, 0);
        } catch (VortexException expected) {
            // malformed pco, reported as such
        }
    }
}
