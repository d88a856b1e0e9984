"""``python -m assistant``, and the ``wonders-assistant`` command (:func:`main`)."""

import gc


def main() -> None:
    """Run the command line, with the garbage collector off while it starts
    (:func:`assistant.cli.run` says why, and when it is turned on again)."""
    gc.disable()
    from .cli import run

    run()


if __name__ == "__main__":
    main()
