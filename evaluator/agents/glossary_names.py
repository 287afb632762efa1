"""The names of the agent's Italian <-> English glossary (`evaluator.agents.glossary` reads
them with `glossary_words`): months, well-known places and their peoples, one entry a line in
the same "italiano/variante = english/variant" form. Never the names of one corpus."""

NAMES = """
gennaio = January
febbraio = February
marzo = March
aprile = April
maggio = May
giugno = June
luglio = July
agosto = August
settembre = September
ottobre = October
novembre = November
dicembre = December
Torino = Turin
Milano = Milan
Roma = Rome
Napoli = Naples
Firenze = Florence
Venezia = Venice
Genova = Genoa
Padova = Padua
Mantova = Mantua
Italia/italiano/italiani/italiane = Italy/Italian
Stati Uniti = United States/USA
Cina/cinese = China/Chinese
Germania/tedesco = Germany/German
Francia/francese = France/French
Spagna/spagnolo = Spain/Spanish
Romania = Romania
Europa/europeo = Europe/European
UE = EU
Romania/romeno/romena/rumeno/rumena = Romanian
statunitense/statunitensi/americano/americana/americani = American
Brasile/brasiliano/brasiliana = Brazil/Brazilian
Giappone/giapponese = Japan/Japanese
Svizzera/svizzero/svizzera = Switzerland/Swiss
India/indiano/indiana = India/Indian
Messico/messicano = Mexico/Mexican
Polonia/polacco/polacca = Poland/Polish
Cina/cinese/cinesi = Chinese
"""
