"""Play across machines: a host runs the engine, clients send commands and draw what their seat may
see (docs/network.md). ``protocol`` is the wire, ``views`` the JSON of views and events, ``client``
the window's connection, ``host`` the authority."""
