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
        'sicherheitslücke|sicherheitsproblem|sicherheitsvorfall|gehackt|hackerangriff|datenleck|datenpanne|(?:unbefugte|unberechtigte)[nmr]? zugriffe?|phishing|schadsoftware|trojaner|virus|kompromittiert|gestohlen|identitätsdiebstahl|betrug|betrügerische[nmr]?',
      outage:
        'ausfall|ausgefallen|störung|funktioniert nicht(?: mehr)?|geht nicht mehr|nicht (?:mehr )?erreichbar|nicht verfügbar|abgestürzt|stürzt (?:immer wieder )?ab|absturz|lädt nicht|serverfehler|systemausfall',
      'payment-failure':
        'zahlung (?:ist |wurde )?(?:fehlgeschlagen|abgelehnt)|karte (?:wurde )?abgelehnt|(?:doppelt|zweimal|mehrfach|falsch) (?:abgebucht|belastet|berechnet)|doppelte abbuchung|unberechtigte abbuchung|kann nicht bezahlen|rückerstattung (?:noch )?nicht erhalten',
      urgency:
        'dringend|dringende[nmrs]?|eilig|eilt|sofort|umgehend|unverzüglich|schnellstmöglich|so schnell wie möglich|kritisch|notfall|höchste priorität',
      'subject-flag': 'dringend|eilt|notfall|ausfall|störung|kritisch',
      slowdown: 'langsam|langsame[nmrs]?|verlangsamt|träge|ruckelt',
      wish: 'wäre (?:sehr |wirklich )?(?:hilfreich|schön|toll|nützlich|praktisch)',
    },
    negators: ['nicht', 'kein', 'keine', 'keinen', 'keinem', 'keiner', 'nie', 'niemals', 'ohne'],
    statedHigh: 'hohe priorität|priorität:? hoch|höchste priorität',
    statedLow:
      'nicht dringend|eilt nicht|keine eile|hat zeit|niedrige priorität|priorität:? niedrig|wenn sie zeit haben',
  },
  fr: {
    rules: {
      security:
        "piraté|piratée|piratage|faille de sécurité|problème de sécurité|fuite de données|accès non autorisé|hameçonnage|phishing|logiciel malveillant|virus|usurpation d[’']identité|fraude|frauduleux|frauduleuse",
      outage:
        'en panne|panne|hors service|hors ligne|ne fonctionne (?:plus|pas)|ne marche (?:plus|pas)|inaccessible|indisponible|interruption de service|plantage|erreur serveur|ne répond (?:plus|pas)',
      'payment-failure':
        'paiement (?:a été |a )?(?:refusé|échoué|rejeté)|échec (?:du|de) paiement|carte (?:a été )?refusée|(?:débité|prélevé|facturé)e? (?:deux fois|à tort|en double)|double (?:prélèvement|débit|facturation)|impossible de payer|remboursement (?:jamais |pas )?reçu',
      urgency:
        'urgent|urgente|urgence|urgemment|immédiatement|au plus vite|dès que possible|le plus rapidement possible|critique|sans délai|prioritaire',
      'subject-flag': 'urgent|urgence|panne|critique|hors service',
      slowdown: 'lent|lente|lents|lentes|lenteurs?|ralenti|ralentie|ralentissements?',
      wish: 'ce serait (?:très |vraiment )?(?:utile|bien|pratique|génial)|il serait (?:très )?utile',
    },
    negators: ['pas', 'jamais', 'sans', 'aucun', 'aucune', 'ni'],
    statedHigh: 'haute priorité|priorité haute|priorité élevée|très prioritaire',
    statedLow:
      "pas urgent|pas pressé|rien d[’']urgent|rien de pressé|priorité basse|faible priorité|quand vous aurez le temps|à votre convenance",
  },
  es: {
    rules: {
      security:
        'hackeado|hackeada|hackearon|pirateado|pirateada|brecha de seguridad|fallo de seguridad|problema de seguridad|fuga de datos|acceso no autorizado|suplantación|phishing|virus|malware|comprometido|comprometida|robado|robada|robo de identidad|fraude|fraudulento|fraudulenta',
      outage:
        'caído|caída|caídos|no funciona|dejó de funcionar|ha dejado de funcionar|fuera de servicio|sin servicio|no está disponible|no disponible|inaccesible|interrupción del servicio|se cae|se bloquea|no responde|no carga|error del servidor',
      'payment-failure':
        'pago (?:fue )?(?:rechazado|fallido|denegado)|(?:el )?pago (?:ha )?fallado|tarjeta (?:fue )?rechazada|cobrado dos veces|(?:cobro|cargo) (?:doble|duplicado|indebido)|doble cobro|no puedo pagar|no (?:he )?recibido (?:mi|el) reembolso',
      urgency:
        'urgente|urgentemente|urgencia|inmediatamente|de inmediato|lo antes posible|cuanto antes|lo más pronto posible|crítico|crítica|emergencia|sin demora',
      'subject-flag': 'urgente|urgencia|caído|caída|crítico|emergencia',
      slowdown: 'lento|lenta|lentos|lentas|lentitud|ralentizado|ralentizada',
      wish: 'sería (?:muy )?(?:útil|genial|estupendo|práctico)|estaría bien',
    },
    negators: ['no', 'nunca', 'sin', 'ningún', 'ninguna', 'ni', 'tampoco'],
    statedHigh: 'prioridad alta|alta prioridad|máxima prioridad',
    statedLow:
      'no es urgente|nada urgente|sin prisa|no hay prisa|prioridad baja|baja prioridad|cuando (?:pueda|puedan|tenga tiempo)',
  },
  pt: {
    rules: {
      security:
        'hackeado|hackeada|invadido|invadida|falha de segurança|problema de segurança|vazamento de dados|acesso não autorizado|phishing|vírus|malware|comprometido|comprometida|roubado|roubada|roubo de identidade|fraude|fraudulento|fraudulenta',
      outage:
        'fora do ar|caiu|não funciona|parou de funcionar|deixou de funcionar|fora de serviço|indisponível|inacessível|interrupção do serviço|não carrega|não responde|erro (?:do|no) servidor|travou',
      'payment-failure':
        'pagamento (?:foi )?(?:recusado|rejeitado|negado)|pagamento falhou|falha no pagamento|cartão (?:foi )?recusado|cobrad[oa] duas vezes|cobrança (?:duplicada|indevida|em dobro)|não consigo pagar|não recebi (?:o|meu) reembolso',
      urgency:
        'urgente|urgentemente|urgência|imediatamente|de imediato|o mais rápido possível|o quanto antes|assim que possível|crítico|crítica|emergência|sem demora',
      'subject-flag': 'urgente|urgência|fora do ar|crítico|emergência',
      slowdown: 'lento|lenta|lentos|lentas|lentidão',
      wish: 'seria (?:muito )?(?:útil|ótimo|bom|legal|prático)',
    },
    negators: ['não', 'nunca', 'sem', 'nenhum', 'nenhuma', 'nem'],
    statedHigh: 'prioridade alta|alta prioridade|máxima prioridade',
    statedLow:
      'não é urgente|nada urgente|sem pressa|prioridade baixa|baixa prioridade|quando (?:puder|puderem)',
  },
  it: {
    rules: {
      security:
        "violato|violata|hackerato|hackerata|violazione (?:dei dati|di sicurezza)|problema di sicurezza|fuga di dati|accesso non autorizzato|phishing|virus|malware|compromesso|compromessa|rubato|rubata|furto d[’']identità|frode|fraudolento|fraudolenta",
      outage:
        'non funziona(?: più)?|ha smesso di funzionare|smesso di funzionare|fuori servizio|disservizio|guasto|interruzione del servizio|irraggiungibile|non raggiungibile|non disponibile|inaccessibile|non risponde|non si carica|si blocca|errore del server',
      'payment-failure':
        'pagamento (?:è stato )?(?:rifiutato|respinto)|pagamento (?:fallito|non riuscito|non andato a buon fine)|carta (?:è stata )?rifiutata|addebitat[oa] due volte|doppio addebito|addebito (?:doppio|non autorizzato|errato)|non riesco a pagare|rimborso non (?:ancora )?ricevuto',
      urgency:
        'urgente|urgentemente|urgenza|immediatamente|al più presto|il prima possibile|quanto prima|critico|critica|emergenza|senza indugio',
      'subject-flag': 'urgente|urgenza|guasto|critico|emergenza|fuori servizio',
      slowdown: 'lento|lenta|lenti|lentezza|rallentat[oaie]|rallentamenti|rallentamento',
      wish: 'sarebbe (?:molto )?(?:utile|bello|comodo|fantastico)',
    },
    negators: ['non', 'mai', 'senza', 'nessun', 'nessuno', 'nessuna', 'né'],
    statedHigh: 'priorità alta|alta priorità|massima priorità',
    statedLow:
      'non è urgente|niente di urgente|nessuna fretta|con calma|priorità bassa|bassa priorità|quando (?:può|potete)',
  },
  nl: {
    rules: {
      security:
        'gehackt|gehacked|beveiligingslek|beveiligingsprobleem|datalek|onbevoegde toegang|ongeautoriseerde toegang|phishing|virus|malware|gecompromitteerd|gestolen|identiteitsfraude|fraude|frauduleus|frauduleuze',
      outage:
        'storing|werkt niet(?: meer)?|doet het niet(?: meer)?|ligt eruit|ligt plat|niet (?:meer )?bereikbaar|onbereikbaar|niet beschikbaar|onderbreking|crasht|gecrasht|loopt vast|vastgelopen|serverfout',
      'payment-failure':
        'betaling (?:is )?(?:mislukt|geweigerd)|kaart (?:is |werd )?geweigerd|(?:dubbel|twee keer|twee maal) (?:afgeschreven|betaald|gefactureerd)|onterecht afgeschreven|kan niet betalen|terugbetaling (?:nog )?niet ontvangen',
      urgency:
        'dringend|spoed|spoedig|met spoed|urgent|onmiddellijk|meteen|zo snel mogelijk|zsm|kritiek|noodgeval',
      'subject-flag': 'dringend|spoed|storing|urgent|kritiek',
      slowdown: 'traag|trage|langzaam|langzame',
      wish: 'zou (?:erg |heel )?(?:handig|fijn|mooi|nuttig) zijn',
    },
    negators: ['niet', 'geen', 'nooit', 'zonder', 'noch'],
    statedHigh: 'hoge prioriteit|prioriteit:? hoog|hoogste prioriteit',
    statedLow: 'niet dringend|geen haast|geen spoed|lage prioriteit|prioriteit:? laag|als u tijd heeft',
  },
}
