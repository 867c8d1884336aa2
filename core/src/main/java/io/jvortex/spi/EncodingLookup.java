package io.jvortex.spi;

/**
 * Finds the {@link Encoding} for an id while decoding. The framework needs only this; the registry of
 * built-in and user encodings ({@code io.jvortex.registry.EncodingRegistry}) implements it one layer up,
 * so that the framework never names a concrete encoding.
 */
@FunctionalInterface
public interface EncodingLookup {
    /**
     * @param id an encoding id as stored in a file
     * @return the encoding, or {@code null} when none is known for the id
     */
    Encoding find(String id);
}
