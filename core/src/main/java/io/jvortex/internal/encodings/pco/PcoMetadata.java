package io.jvortex.internal.encodings.pco;

import io.jvortex.spi.ArrayNode;
import io.jvortex.internal.protobuf.ProtoReader;
import io.jvortex.internal.protobuf.ProtoWriter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code PcoMetadata} message of a {@code vortex.pco} node:
 * {@code PcoMetadata{bytes header = 1; repeated PcoChunkInfo chunks = 2}},
 * {@code PcoChunkInfo{repeated PcoPageInfo pages = 1}}, {@code PcoPageInfo{uint32 n_values = 1}}.
 *
 * @param header the pco wrapped-format header
 * @param pageCounts per chunk, the value count of each of its pages
 */
public record PcoMetadata(MemorySegment header, List<int[]> pageCounts) {
    /**
     * @param node the node
     * @return its metadata
     */
    public static PcoMetadata parse(ArrayNode node) {
        MemorySegment header = MemorySegment.ofArray(new byte[0]);
        List<int[]> chunks = new ArrayList<>();
        ProtoReader r = new ProtoReader(node.metadata(), "PcoMetadata");
        while (r.next()) {
            switch (r.field()) {
                case 1 -> header = r.bytes();
                case 2 -> chunks.add(parseChunk(r.bytes()));
                default -> r.skip();
            }
        }
        return new PcoMetadata(header, List.copyOf(chunks));
    }

    private static int[] parseChunk(MemorySegment bytes) {
        List<Integer> counts = new ArrayList<>();
        ProtoReader r = new ProtoReader(bytes, "PcoChunkInfo");
        while (r.next()) {
            if (r.field() == 1) {
                counts.add(parsePage(r.bytes()));
            } else {
                r.skip();
            }
        }
        return counts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int parsePage(MemorySegment bytes) {
        long n = 0;
        ProtoReader r = new ProtoReader(bytes, "PcoPageInfo");
        while (r.next()) {
            if (r.field() == 1) {
                n = r.varint() & 0xFFFF_FFFFL;   // uint32: prost keeps the low 32 bits
            } else {
                r.skip();
            }
        }
        return (int) Math.min(n, Integer.MAX_VALUE);
    }

    /**
     * @return the message bytes, as the scheme writes them (an empty header omitted, every chunk's info
     *         present)
     */
    public byte[] serialize() {
        ProtoWriter metadata = new ProtoWriter().bytes(1, header.toArray(ValueLayout.JAVA_BYTE));
        for (int[] counts : pageCounts) {
            ProtoWriter chunkInfo = new ProtoWriter();
            for (int count : counts) {
                chunkInfo.message(1, new ProtoWriter().varint(1, count));
            }
            metadata.message(2, chunkInfo);
        }
        return metadata.toByteArray();
    }

    /** @return the number of pages over all chunks */
    public int pageCount() {
        int n = 0;
        for (int[] c : pageCounts) {
            n += c.length;
        }
        return n;
    }
}
