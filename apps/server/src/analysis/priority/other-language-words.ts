import type { TOtherLanguageCode } from '../extract/detect-language'

/** The priority rules that also read a ticket's own language, by the id they have in `PRIORITY_RULES`. */
export type TTranslatedRule =
  | 'security'
  | 'outage'
  | 'payment-failure'
  | 'urgency'
  | 'subject-flag'
  | 'slowdown'
  | 'wish'
  | 'legal-threat'
  | 'many-affected'
  | 'blocked-business'
  | 'praise'
  | 'repeat-contact'
  | 'anger'
  | 'deadline'

export type TLanguageWords = {
  /** Alternatives of whole words and phrases, lower case, for each rule that reads the language. */
  rules: Record<TTranslatedRule, string>
  /** Words that turn the phrase after them around, as "not" does in English. */
  negators: readonly string[]
  /** The customer says the ticket is pressing, or that it can wait. */
  statedHigh: string
  statedLow: string
}

/**
 * What a customer writing German, French, Spanish, Portuguese, Italian or Dutch says where an English one
 * says "urgent", "down", "hacked" or "charged twice". Read beside the English words, since mail in these
 * languages often names the trouble in English ("der Server ist down"). Written for Parsedesk from common
 * support phrasing (2026-11-25); a word that as often means something ordinary is left out: "bloccato" is a
 * locked account as often as a frozen service, Italian "subito" is also "suffered", French "plus" is also
 * "more", so it negates nothing.
 */
export const OTHER_LANGUAGE_WORDS: Record<TOtherLanguageCode, TLanguageWords> = {
  de: {
    rules: {
      security:
        'sicherheitslücke|sicherheitsproblem|sicherheitsvorfall|gehackt|hackerangriff|datenleck|datenpanne|(?:unbefugte|unberechtigte)[nmr]? zugriffe?|phishing|schadsoftware|trojaner|virus|kompromittiert|gestohlen|identitätsdiebstahl|betrug|betrügerische[nmr]?|unbekannte anmeldung|fremde anmeldung|verdächtige anmeldung|das waren nicht wir|offengelegt',
      outage:
        'ausfall|ausgefallen|störung|funktioniert nicht(?: mehr)?|geht nicht mehr|nicht (?:mehr )?erreichbar|nicht verfügbar|abgestürzt|stürzt (?:immer wieder )?ab|absturz|lädt nicht|serverfehler|systemausfall',
      'payment-failure':
        'zahlung (?:ist |wurde )?(?:fehlgeschlagen|abgelehnt)|karte (?:wurde )?abgelehnt|(?:doppelt|zweimal|mehrfach|falsch) (?:abgebucht|belastet|berechnet)|doppelte abbuchung|unberechtigte abbuchung|kann nicht bezahlen|rückerstattung (?:noch )?nicht erhalten|(?:gekündigte[nms]?|bereits gekündigt)',
      urgency:
        'dringend|dringende[nmrs]?|eilig|eilt|sofort|umgehend|unverzüglich|schnellstmöglich|so schnell wie möglich|kritisch|notfall|höchste priorität',
      'subject-flag': 'dringend|eilt|notfall|ausfall|störung|kritisch',
      'legal-threat':
        'anwalt|anwältin|rechtsanwalt|anwälte|abmahnung|rechtliche schritte|gerichtlich|klage|verbraucherzentrale|datenschutzbehörde|(?:landes)?datenschutzbeauftragten?|lastschrift zurückbuchen|zurückbuchen lassen|rückbuchung|chargeback',
      'many-affected':
        '(?:in )?alle[nm]? (?:\\d+ )?(?:kunden|filialen|standorten?|kassen|mitarbeitern?|nutzern?|praxen|märkten)|für alle|niemand kann|keiner kann|kein kunde kann',
      'blocked-business':
        'umsatz|verkäufe|\\d+ (?:bestellungen|pakete|aufträge)|gehälter|lohnabrechnung|patienten|versand steht|schlangen werden',
      praise:
        'großes lob|(?:mich|uns) (?:einfach mal )?bedanken|vielen dank für (?:die|ihre) (?:tolle|schnelle)|super service|kompliment',
      'repeat-contact':
        'zum (?:zweiten|dritten|vierten) mal|(?:zweimal|dreimal|mehrmals) (?:angerufen|geschrieben|gemeldet|abgemeldet)|keine antwort|keine rückmeldung|bereits (?:zweimal|mehrfach|mehrmals)|erneut',
      anger: 'unverschämt|frechheit|inakzeptabel|unzumutbar|skandal|skandalös',
      deadline:
        'bis (?:heute|morgen|freitag|montag|dienstag|mittwoch|donnerstag)|heute raus|um \\d+ uhr|innerhalb von \\d+|frist',
      slowdown: 'langsam|langsame[nmrs]?|verlangsamt|träge|ruckelt',
      wish: 'wäre (?:sehr |wirklich )?(?:hilfreich|schön|toll|nützlich|praktisch)',
    },
    negators: ['nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'nie', 'niemals', 'ohne'],
    statedHigh: 'hohe priorität|priorität:? hoch|höchste priorität',
    statedLow:
      'nicht dringend|eilt nicht|keine eile|hat zeit|niedrige priorität|priorität:? niedrig|wenn sie zeit haben|eilt (?:aber |also )?nicht|läuft wieder|funktioniert wieder|ticket schließen',
  },
  fr: {
    rules: {
      security:
        "piraté|piratée|piratage|faille de sécurité|problème de sécurité|fuite de données|accès non autorisé|hameçonnage|phishing|logiciel malveillant|virus|usurpation d[’']identité|fraude|frauduleux|frauduleuse|faux (?:mails?|e-mails?|courriels?)|connexion suspecte|ce n[’']était pas nous|fuite|exposées? publiquement",
      outage:
        'en panne|panne|hors service|hors ligne|ne fonctionne (?:plus|pas)|ne marche (?:plus|pas)|inaccessible|indisponible|interruption de service|plantage|erreur serveur|ne répond (?:plus|pas)',
      'payment-failure':
        "paiement (?:a été |a )?(?:refusé|échoué|rejeté)|échec (?:du|de) paiement|carte (?:a été )?refusée|(?:débité|prélevé|facturé)e? (?:deux fois|à tort|en double)|double (?:prélèvement|débit|facturation)|impossible de payer|remboursement (?:jamais |pas )?reçu|que (?:nous avons|j[’']ai) résilié",
      urgency:
        'urgent|urgente|urgence|urgemment|immédiatement|au plus vite|dès que possible|le plus rapidement possible|critique|sans délai|prioritaire',
      'subject-flag': 'urgent|urgence|panne|critique|hors service',
      'legal-threat':
        'avocate?|mise en demeure|action en justice|poursuites|procédure|tribunal|cnil|dgccrf|ferai opposition|faire opposition|je fais opposition|litige|chargeback',
      'many-affected':
        "tou(?:s|tes) (?:les |nos )?(?:\\d+ )?(?:clients|requêtes|utilisateurs|pharmacies|magasins|agences|boutiques|adhérents)|l[’']ensemble de nos|aucun client|plusieurs de nos (?:clients|adhérents)|personne ne peut",
      'blocked-business':
        'ventes|patients|\\d+ commandes|ne peuvent plus|perdons|aucune confirmation de commande',
      praise:
        'bravo|félicitations|merci (?:beaucoup )?pour votre (?:aide|réactivité|excellent)|un grand merci|service impeccable',
      'repeat-contact':
        '(?:deuxième|troisième|quatrième) (?:fois|relance)|relance|toujours (?:aucune|pas de) réponse|personne ne répond|nombreux courriers|plusieurs fois',
      anger: 'inadmissible|inacceptable|scandaleux|honteux|lamentable',
      deadline:
        "sous \\d+ (?:heures|jours)|sous (?:huit|quinze) jours|aujourd[’']hui|avant \\d+ ?h|d[’']ici (?:demain|ce soir|vendredi)",
      slowdown: 'lent|lente|lents|lentes|lenteurs?|ralenti|ralentie|ralentissements?',
      wish: 'ce serait (?:très |vraiment )?(?:utile|bien|pratique|génial)|il serait (?:très )?utile',
    },
    negators: ['pas', 'jamais', 'sans', 'aucun', 'aucune', 'ni'],
    statedHigh: 'haute priorité|priorité haute|priorité élevée|très prioritaire',
    statedLow:
      "pas urgent|pas pressé|rien d[’']urgent|rien de pressé|priorité basse|faible priorité|quand vous aurez le temps|à votre convenance|fonctionne à nouveau|refonctionne|clôturer le ticket|fermer le ticket|tout est rentré dans l[’']ordre",
  },
  es: {
    rules: {
      security:
        'hackeado|hackeada|hackearon|pirateado|pirateada|brecha de seguridad|fallo de seguridad|problema de seguridad|fuga de datos|acceso no autorizado|suplantación|phishing|virus|malware|comprometido|comprometida|robado|robada|robo de identidad|fraude|fraudulento|fraudulenta|correos falsos|filtración|alguien tiene nuestros datos|inicio de sesión sospechoso|no fuimos nosotros',
      outage:
        'caído|caída|caídos|no funciona|dejó de funcionar|ha dejado de funcionar|fuera de servicio|sin servicio|no está disponible|no disponible|inaccesible|interrupción del servicio|se cae|se bloquea|no responde|no carga|error del servidor',
      'payment-failure':
        'pago (?:fue )?(?:rechazado|fallido|denegado)|(?:el )?pago (?:ha )?fallado|tarjeta (?:fue )?rechazada|cobrado dos veces|(?:cobro|cargo) (?:doble|duplicado|indebido)|doble cobro|no puedo pagar|no (?:he )?recibido (?:mi|el) reembolso|(?:dimos|di) de baja|cobrado (?:3|tres) veces',
      urgency:
        'urgente|urgentemente|urgencia|inmediatamente|de inmediato|lo antes posible|cuanto antes|lo más pronto posible|crítico|crítica|emergencia|sin demora',
      'subject-flag': 'urgente|urgencia|caído|caída|crítico|emergencia',
      'legal-threat':
        'abogad[oa]s?|acciones legales|acción legal|demanda|denuncia|reclamación ante|ante consumo|aepd|anule el cargo|anular el cargo|contracargo|chargeback',
      'many-affected':
        'ningún cliente|todos (?:los|nuestros) (?:clientes|usuarios)|todas (?:las|nuestras) (?:tiendas|sucursales|clínicas)|nadie puede|varios clientes',
      'blocked-business':
        'perdiendo|todas las ventas|pedidos parados|\\d+ pedidos|pacientes|no podemos enviar',
      praise:
        'felicitar|enhorabuena|muchas gracias por (?:la|su|vuestra) (?:ayuda|rapidez|atención)|un servicio excelente',
      'repeat-contact':
        '(?:segunda|tercera|cuarta) vez|sin respuesta|nadie contesta|nadie responde|sigo sin|(?:tres|cuatro|\\d+) veces',
      anger: 'vergüenza|inaceptable|indignante|intolerable|una estafa',
      deadline: 'hoy mismo|para hoy|mañana|en un plazo de|antes del? (?:viernes|lunes)',
      slowdown: 'lento|lenta|lentos|lentas|lentitud|ralentizado|ralentizada',
      wish: 'sería (?:muy )?(?:útil|genial|estupendo|práctico)|estaría bien',
    },
    negators: ['no', 'nunca', 'sin', 'ningún', 'ninguna', 'ni', 'tampoco'],
    statedHigh: 'prioridad alta|alta prioridad|máxima prioridad',
    statedLow:
      'no es urgente|nada urgente|sin prisa|no hay prisa|prioridad baja|baja prioridad|cuando (?:pueda|puedan|tenga tiempo)|ya funciona|vuelve a funcionar|cerrar el ticket|todo funciona bien',
  },
  pt: {
    rules: {
      security:
        'hackeado|hackeada|invadido|invadida|falha de segurança|problema de segurança|vazamento de dados|acesso não autorizado|phishing|vírus|malware|comprometido|comprometida|roubado|roubada|roubo de identidade|fraude|fraudulento|fraudulenta|expostos|vazamento|vazaram|acesso suspeito|não fomos nós|e-mails? falsos',
      outage:
        'fora do ar|caiu|não funciona|parou de funcionar|deixou de funcionar|fora de serviço|indisponível|inacessível|interrupção do serviço|não carrega|não responde|erro (?:do|no) servidor|travou',
      'payment-failure':
        'pagamento (?:foi )?(?:recusado|rejeitado|negado)|pagamento falhou|falha no pagamento|cartão (?:foi )?recusado|cobrad[oa] duas vezes|cobrança (?:duplicada|indevida|em dobro)|não consigo pagar|não recebi (?:o|meu) reembolso|que (?:cancelei|cancelamos)|cobrança em duplicidade|debitaram',
      urgency:
        'urgente|urgentemente|urgência|imediatamente|de imediato|o mais rápido possível|o quanto antes|assim que possível|crítico|crítica|emergência|sem demora',
      'subject-flag': 'urgente|urgência|fora do ar|crítico|emergência',
      'legal-threat':
        'advogad[oa]s?|procon|justiça|judiciário|processo judicial|notificação extrajudicial|anpd|estorno|chargeback',
      'many-affected':
        'nenhuma? das nossas|tod[oa]s as (?:nossas )?(?:unidades|lojas|filiais|clínicas)|todos os (?:nossos )?(?:clientes|usuários)|nenhum cliente|ninguém consegue',
      'blocked-business': 'perdendo|vendas|\\d+ pedidos|pacientes|não podemos (?:despachar|enviar|vender)',
      praise: 'parabéns|(?:queria|quero) agradecer|muito obrigad[oa] pel[oa]|atendimento excelente',
      'repeat-contact':
        '(?:segunda|terceira|quarta) (?:vez|tentativa)|ninguém (?:respondeu|responde|resolve)|sem resposta|já liguei|(?:três|quatro|\\d+) vezes',
      anger: 'absurdo|inaceitável|vergonha|ridículo',
      deadline: 'hoje|até amanhã|em \\d+ dias|até (?:sexta|segunda)',
      slowdown: 'lento|lenta|lentos|lentas|lentidão',
      wish: 'seria (?:muito )?(?:útil|ótimo|bom|legal|prático)',
    },
    negators: ['não', 'nunca', 'sem', 'nenhum', 'nenhuma', 'nem'],
    statedHigh: 'prioridade alta|alta prioridade|máxima prioridade',
    statedLow:
      'não é urgente|nada urgente|sem pressa|prioridade baixa|baixa prioridade|quando (?:puder|puderem)|voltou a funcionar|já funciona|fechar o chamado|está tudo certo',
  },
  it: {
    rules: {
      security:
        "violato|violata|hackerato|hackerata|violazione (?:dei dati|di sicurezza)|problema di sicurezza|fuga di dati|accesso non autorizzato|phishing|virus|malware|compromesso|compromessa|rubato|rubata|furto d[’']identità|frode|fraudolento|fraudolenta|accesso sospetto|non siamo stati noi|esposti|e-?mail false",
      outage:
        'non funziona(?: più)?|ha smesso di funzionare|smesso di funzionare|fuori servizio|disservizio|guasto|interruzione del servizio|irraggiungibile|non raggiungibile|non disponibile|inaccessibile|non risponde|non si carica|si blocca|errore del server',
      'payment-failure':
        'pagamento (?:è stato )?(?:rifiutato|respinto)|pagamento (?:fallito|non riuscito|non andato a buon fine)|carta (?:è stata )?rifiutata|addebitat[oa] due volte|doppio addebito|addebito (?:doppio|non autorizzato|errato)|non riesco a pagare|rimborso non (?:ancora )?ricevuto|che (?:ho|abbiamo) disdetto|addebitato',
      urgency:
        'urgente|urgentemente|urgenza|immediatamente|al più presto|il prima possibile|quanto prima|critico|critica|emergenza|senza indugio',
      'subject-flag': 'urgente|urgenza|guasto|critico|emergenza|fuori servizio',
      'legal-threat':
        'avvocat[oi]|avv\\.|diffida|diffido|vie legali|garante|agcm|storno|reclamo al|sedi competenti|chargeback',
      'many-affected': 'nessun cliente|per tutti|tutti i nostri|nessuno riesce|tutti gli (?:utenti|studi)',
      'blocked-business':
        'perdendo vendite|vendite|\\d+ (?:pacchi|ordini)|pazienti|non possono|non riusciamo a spedire',
      praise: 'complimenti|(?:vorrei|volevo) ringraziar\\w*|grazie mille per|servizio eccellente',
      'repeat-contact':
        '(?:seconda|terza|quarta) volta|sollecito|senza risposta|senza riscontro|nessuno risolve|alcuna risposta|(?:tre|quattro|\\d+) volte|più volte',
      anger: 'vergognoso|inaccettabile|scandaloso|assurdo|una truffa',
      deadline: 'oggi stesso|entro (?:domani|oggi|\\d+)|alle \\d+',
      slowdown: 'lento|lenta|lenti|lentezza|rallentat[oaie]|rallentamenti|rallentamento',
      wish: 'sarebbe (?:molto )?(?:utile|bello|comodo|fantastico)',
    },
    negators: ['non', 'mai', 'senza', 'nessun', 'nessuno', 'nessuna', 'né'],
    statedHigh: 'priorità alta|alta priorità|massima priorità',
    statedLow:
      'non è urgente|niente di urgente|nessuna fretta|con calma|priorità bassa|bassa priorità|quando (?:può|potete)|funziona di nuovo|chiudere il ticket|tutto a posto|tutto risolto',
  },
  nl: {
    rules: {
      security:
        'gehackt|gehacked|beveiligingslek|beveiligingsprobleem|datalek|onbevoegde toegang|ongeautoriseerde toegang|phishing|virus|malware|gecompromitteerd|gestolen|identiteitsfraude|fraude|frauduleus|frauduleuze|vreemde inlog|verdachte inlog|dat waren wij niet|phishingmails?|oplichters|gelekt',
      outage:
        'storing|werkt niet(?: meer)?|doet het niet(?: meer)?|ligt eruit|ligt plat|niet (?:meer )?bereikbaar|onbereikbaar|niet beschikbaar|onderbreking|crasht|gecrasht|loopt vast|vastgelopen|serverfout',
      'payment-failure':
        'betaling (?:is )?(?:mislukt|geweigerd)|kaart (?:is |werd )?geweigerd|(?:dubbel|twee keer|twee maal) (?:afgeschreven|betaald|gefactureerd)|onterecht afgeschreven|kan niet betalen|terugbetaling (?:nog )?niet ontvangen|opgezegd|dubbele afschrijving|onterecht geïnde',
      urgency:
        'dringend|spoed|spoedig|met spoed|urgent|onmiddellijk|meteen|zo snel mogelijk|zsm|kritiek|noodgeval',
      'subject-flag': 'dringend|spoed|storing|urgent|kritiek',
      'legal-threat':
        'advocaat|advocaten|ingebrekestelling|in gebreke|gerechtelijke stappen|juridische stappen|rechtszaak|acm|autoriteit persoonsgegevens|terugboeken|terugboeking|chargeback',
      'many-affected':
        'voor iedereen|alle (?:klanten|gebruikers|vestigingen|filialen)|geen enkele|niemand kan|meerdere klanten',
      'blocked-business': '\\d+ (?:bestellingen|pakketten|orders)|omzet|patiënten|kunnen geen',
      praise:
        'compliment(?:en)?|(?:even )?bedanken|dank(?:jewel)? voor (?:de|jullie) (?:snelle|goede|fijne)|top service',
      'repeat-contact':
        '(?:tweede|derde|vierde) keer|geen reactie|niets gehoord|niemand doet iets|herhaalde verzoeken|(?:drie|vier|\\d+) keer',
      anger: 'schandalig|onacceptabel|belachelijk|te gek voor woorden',
      deadline: 'vandaag (?:nog|terug)|morgen|om \\d+[:.]\\d+|binnen \\d+ dagen',
      slowdown: 'traag|trage|langzaam|langzame',
      wish: 'zou (?:erg |heel )?(?:handig|fijn|mooi|nuttig) zijn',
    },
    negators: ['niet', 'geen', 'nooit', 'zonder', 'noch'],
    statedHigh: 'hoge prioriteit|prioriteit:? hoog|hoogste prioriteit',
    statedLow:
      'niet dringend|geen haast|geen spoed|lage prioriteit|prioriteit:? laag|als u tijd heeft|werkt weer|ticket (?:mag )?sluiten|mag gesloten|alles werkt weer',
  },
}
